/**
 * Plant-tour catalogue, English. Written for English-speaking visitors rather than translated line
 * by line; typed with the same `PlantTourCatalogue` as French, so keys and sheets cannot drift.
 * Figures and value picks: see the header of catalogue-fr.ts.
 */
import { IMAGE_ZONES } from '@plant-kiosk/contract';
import type { PlantTourCatalogue } from './catalogue-types';

export const catalogueEn: PlantTourCatalogue = {
  visitorHome: {
    title: 'Welcome to the Le Neubourg plant',
    intro:
      'Thank you for visiting the plant where we make pumps and sprays for fragrance and cosmetics brands. Pick a topic to learn about the Group, the site, our products and our environmental approach.',
    rulesTitle: 'During your visit',
    rules: [
      'Register at reception as soon as you arrive.',
      'Wear your visitor badge where it can be seen at all times.',
      'Stay with your host throughout the visit.',
    ],
    safetyTitle: 'Safety first',
    safety: [
      'Keep to the marked walkways.',
      'Wear the personal protective equipment you are given.',
      'Do not take photos in production areas without permission.',
    ],
  },

  visitorButtons: {
    group: { title: 'The Group', subtitle: 'and its beauty division' },
    plant: { title: 'Le Neubourg plant', subtitle: 'introduction' },
    productRange: {
      title: 'Our product range',
      subtitle: 'fragrance, skincare, sustainable resins',
    },
    hse: { title: 'HSE', subtitle: 'health, safety, environment' },
    quality: { title: 'Quality', subtitle: 'policies and certifications' },
    environment: { title: 'Environmental approach', subtitle: 'our 2025 targets' },
    emergency: { title: 'Emergency and safety rules', subtitle: 'what to do, who to call' },
  },

  group: {
    title: 'The Group',
    intro:
      'Le Neubourg is part of an international manufacturing group and of its beauty division, which designs dispensing systems for fragrance and cosmetics brands.',
    parentGroup: {
      title: 'The Group',
      paragraphs: [
        'An international manufacturing group that produces close to its customers and their markets.',
      ],
      figures: [
        { value: '13,000', label: 'employees' },
        { value: '20', label: 'countries' },
        { value: '3.5 billion', label: 'in revenue' },
      ],
    },
    beautyDivision: {
      title: 'The beauty division',
      paragraphs: [
        'The beauty division designs and makes pumps, sprays and airless systems for fragrance and skincare brands. Le Neubourg is one of its manufacturing sites.',
        'Its R&D teams patent what they invent and work across a broad set of dispensing technologies.',
      ],
      figures: [
        { value: '1.27 billion', label: 'revenue in 2023' },
        { value: '25', label: 'R&D and manufacturing sites' },
        { value: 'Over 1,000', label: 'patents' },
        { value: '14', label: 'technologies' },
      ],
    },
    videoCaption: 'The Group and its beauty division at a glance.',
  },

  environment: {
    title: 'Our environmental approach',
    intro:
      'A pump has to protect the formula and dispense it down to the last drop. We work to make it as light on the environment as we can, from the design stage to recycling.',
    targets: {
      title: 'Our 2025 targets',
      intro: 'Three commitments set the course for our teams up to 2025.',
      figures: [
        { value: '10%', label: 'recycled content in our products' },
        { value: 'Zero', label: 'problematic resins' },
        { value: '100%', label: 'recyclable, reusable or compostable packaging' },
      ],
    },
    circularity: {
      title: 'The circularity indicator',
      paragraphs: [
        'To track our progress, we rate our products with a circularity indicator that runs from 0 to 1.',
        'A product at 0 is made from new material and ends up as waste. A product at 1 is made from recycled or renewable material and is fully recycled or reused after use.',
        'The closer a product gets to 1, the more it belongs to a circular economy.',
      ],
      scaleMin: { value: '0', label: 'linear' },
      scaleMax: { value: '1', label: 'circular' },
    },
    catalogue: {
      title: 'Environmental catalogue',
      openLabel: 'Browse the catalogue',
      closeLabel: 'Close',
    },
  },

  plantSite: {
    title: 'Le Neubourg plant',
    intro:
      'At Le Neubourg we design, mold and assemble pumps and sprays for fragrance and cosmetics brands.',
    introduction: {
      title: IMAGE_ZONES.plantIntroduction.en,
      paragraphs: [
        'Founded in 1947, the plant has been on its current site since 1963. About 690 people work here.',
        'Production runs 24/7 on a 96,000\u00a0m² site with 20,000\u00a0m² of buildings.',
      ],
      figures: [
        { value: '1947', label: 'year founded' },
        { value: '1963', label: 'moved to the current site' },
        { value: 'About 690', label: 'employees' },
        { value: '€205 million', label: 'sales in 2023' },
        { value: '96,000\u00a0m²', label: 'site area' },
        { value: '20,000\u00a0m²', label: 'of buildings' },
        { value: '24/7', label: 'production' },
      ],
    },
    moldingUnit: {
      title: IMAGE_ZONES.moldingUnit.en,
      paragraphs: [
        'In the molding unit, 68 injection presses ranging from 10 to 300 tonnes turn resin pellets into pump and spray components.',
        'Our 450 molds, in 755 versions, turn out 4.15 billion parts a year. To speed up development, 6 prototype presses and 3,000 3D prints a year let us try out a part before its production mold is launched.',
      ],
      figures: [
        { value: '68', label: 'injection presses, 10 to 300 tonnes' },
        { value: '450', label: 'molds in 755 versions' },
        { value: '4.15 billion', label: 'parts a year' },
        { value: '6', label: 'prototype presses' },
        { value: '3,000', label: '3D prints a year' },
      ],
    },
    assemblyUnit: {
      title: IMAGE_ZONES.assemblyUnit.en,
      paragraphs: [
        'Over 100 assembly machines put the molded parts together (pump body, piston, spring, collar, actuator) into finished products.',
        'The plant ships 684 million pumps a year and handles 10,000 active SKUs, from high-volume lines to versions customised for each brand.',
      ],
      figures: [
        { value: 'Over 100', label: 'assembly machines' },
        { value: '684 million', label: 'pumps a year' },
        { value: '10,000', label: 'active SKUs' },
      ],
    },
    supportDepartments: {
      title: IMAGE_ZONES.supportServices.en,
      paragraphs: [
        'Behind production, the support departments keep the plant running day and night and take our customers’ projects from first idea to full-scale production.',
      ],
      departments: [
        'Maintenance',
        'Quality',
        'Logistics',
        'Human resources',
        'Methods',
        'R&D support',
      ],
      figures: [{ value: 'About 60', label: 'new developments a year' }],
    },
    video: {
      title: 'The plant on film',
      caption: 'A day at Le Neubourg, from molding to shipping.',
    },
  },

  productRange: {
    title: 'Our product range',
    intro:
      'From fragrance sprays to airless systems for skincare, our dispensing systems protect the formula, deliver the right dose and show off each brand’s bottle.',
    categories: {
      fragrance: {
        title: 'Fragrance',
        intro:
          'Pumps and sprays that deliver a fine, consistent mist, with collars and actuators styled to match the bottle.',
      },
      cosmetics: {
        title: 'Skincare and cosmetics',
        intro:
          'Lotion pumps, airless systems, foam pumps and mist sprayers that dispense creams, serums and foundations cleanly, down to the last dose.',
      },
      sustainable: {
        title: 'Sustainable resin solutions',
        intro:
          'Mono-material pumps, recycled and bio-based resins, and refillable systems that help brands meet their packaging targets.',
      },
    },
    brochures: {
      title: 'Our brochures',
      downloadLabel: 'Download the catalogue',
      scanHint: 'Scan the QR code with your phone.',
      titles: {
        fragrance: 'Fragrance brochure',
        cosmetics: 'Skincare and cosmetics brochure',
        sustainable: 'Sustainable resin solutions brochure',
      },
    },
    news: {
      title: 'What’s new',
      text: 'Our Unia mono-material range now includes a foam pump. It is made entirely of polypropylene, down to the spring and the mesh, so on a PP bottle the whole pack is recycled in one piece.',
      productId: 21,
      seeProductLabel: 'See the product sheet',
      closeLabel: 'Close',
    },
    cards: {
      tapHint: 'Tap a product to open its sheet.',
      openLabel: 'See the sheet',
      closeLabel: 'Close',
      tabs: { benefits: 'Benefits', sustainability: 'Sustainability' },
      chips: { dosage: 'Dosage', colours: 'Colours', recycledContent: 'Recycled content' },
    },
  },

  productSheets: {
    1: {
      name: 'Brumea fine-mist pump',
      category: 'fragrance',
      tagline: 'A fine, even mist for crimped fragrance bottles.',
      benefits: [
        'A fine, even mist from the very first press, with no drip at the actuator.',
        'Primes in just a few strokes.',
        'Crimps onto standard fragrance bottle necks.',
        'A wide choice of decorative collars and actuators.',
      ],
      sustainability: ['Actuator available in recycled resin.', 'Recyclable aluminium collar.'],
      dosageOptions: [150],
      sampleColours: ['Shiny silver', 'Satin gold', 'Matt black'],
      recycledContentOptions: ['Actuator in PCR resin up to 50%'],
    },
    2: {
      name: 'Vissa screw-on fragrance pump',
      category: 'fragrance',
      tagline: 'A fragrance pump that screws on and off, made for refillable bottles.',
      benefits: [
        'Screws onto the bottle: no crimping, no special tooling.',
        'Unscrews so the bottle can be filled again.',
        'A tight seal stops the fragrance from evaporating.',
        'The same mist quality as our crimp pumps.',
      ],
      sustainability: [
        'Bottle and pump are used again and again, so less packaging is thrown away.',
        'Pump and bottle come apart easily for sorting.',
      ],
      dosageOptions: [150],
      sampleColours: ['Shiny silver', 'Bronze', 'White'],
      recycledContentOptions: ['Screw collar in PCR resin'],
    },
    3: {
      name: 'Retoura refillable fragrance system',
      category: 'fragrance',
      tagline: 'A fragrance bottle designed to be refilled, in store or at home.',
      benefits: [
        'Quick refill through the neck, from an in-store fountain or a refill bottle.',
        'A leak-proof valve closes the bottle after each refill.',
        'Fits the heavy glass bottles of fine fragrance.',
        'A fine, consistent mist, refill after refill.',
      ],
      sustainability: [
        'The glass bottle and its pump stay in use from one refill to the next.',
        'A refill takes less material than a complete new bottle.',
        'The pump comes off at end of life for sorting.',
      ],
      dosageOptions: [150],
      sampleColours: ['Shiny gold', 'Satin silver', 'Black lacquer'],
      recycledContentOptions: ['Plastic parts in PCR resin up to 50%'],
    },
    4: {
      name: 'Contina continuous spray',
      category: 'fragrance',
      tagline: 'A long, enveloping mist with every press.',
      benefits: [
        'Sprays for as long as the actuator is held down, with no propellant gas.',
        'A wide, airy cloud that suits body mists and eaux de toilette.',
        'Steady output from the first spray to the last.',
        'An ergonomic actuator that is easy to press.',
      ],
      sustainability: [
        'No propellant gas: an alternative to aerosols.',
        'Plastic parts available in recycled resin.',
      ],
      dosageOptions: [],
      sampleColours: ['White', 'Matt silver'],
      recycledContentOptions: ['PCR resin up to 50%'],
    },
    5: {
      name: 'Velura body and hair mist pump',
      category: 'fragrance',
      tagline: 'Generous doses for body and hair mists.',
      benefits: [
        'A bigger dose than a fragrance spray, to cover more skin or hair.',
        'A soft mist that leaves hair light, not wet.',
        'Works with alcohol-based and water-based formulas alike.',
      ],
      sustainability: [
        'Also comes in a screw-on version for refillable bottles.',
        'Actuator and collar available in recycled resin.',
      ],
      dosageOptions: [200, 240],
      sampleColours: ['White', 'Coral pink', 'Sand'],
      recycledContentOptions: ['Actuator and collar in PCR resin up to 50%'],
    },
    6: {
      name: 'Escala purse spray',
      category: 'fragrance',
      tagline: 'Fragrance on the go, refilled from the full-size bottle.',
      benefits: [
        'Small enough to slip into a bag or a pocket.',
        'Refills through its base, straight from the main bottle.',
        'A protective cap prevents accidental sprays.',
        'Stays leak-proof lying flat in a bag.',
      ],
      sustainability: [
        'One spray, refilled as often as needed, replaces throwaway samples.',
        'Recyclable aluminium casing.',
      ],
      dosageOptions: [150],
      sampleColours: ['Shiny silver', 'Rose gold', 'Matt black'],
      recycledContentOptions: [],
    },
    7: {
      name: 'Orna decorative collection',
      category: 'fragrance',
      tagline: 'Decorated collars and actuators that give each bottle its signature.',
      benefits: [
        'Metallised, lacquered, brushed or engraved finishes.',
        'Colours matched to the brand’s own palette.',
        'Fits our Brumea, Vissa and Retoura pumps.',
        'One team from the 3D-printed prototype to series production.',
      ],
      sustainability: [
        'Vacuum metallisation instead of electroplating baths.',
        'Decorative parts clip on and come apart easily for sorting.',
      ],
      dosageOptions: [],
      sampleColours: ['Shiny gold', 'Brushed silver', 'Copper', 'Black lacquer'],
      recycledContentOptions: ['Actuators in PCR resin up to 50%'],
    },
    8: {
      name: 'Ovéa airless bottle',
      category: 'cosmetics',
      tagline: 'Keeps sensitive formulas away from air, down to the last dose.',
      benefits: [
        'No air gets back in, so the formula is protected from oxidation.',
        'A follower piston delivers almost all of the product.',
        'Works in any position, even upside down.',
        'Suited to formulas with few preservatives.',
      ],
      sustainability: [
        'Less product wasted when the bottle runs low.',
        'Also available as a refillable version, the Ovéa Refill airless system.',
      ],
      dosageOptions: [150, 240],
      sampleColours: ['White', 'Sand', 'Slate blue'],
      recycledContentOptions: ['PCR resin up to 50%'],
    },
    9: {
      name: 'Crémio airless jar',
      category: 'cosmetics',
      tagline: 'The feel of a jar with the hygiene of airless.',
      benefits: [
        'Press the top plate and a measured dose of cream comes up, with no fingers in the jar.',
        'The formula stays protected from air and contamination.',
        'Handles rich creams and balms.',
      ],
      sustainability: [
        'Almost all of the product gets used.',
        'Cap and top plate available in recycled resin.',
      ],
      dosageOptions: [240, 500],
      sampleColours: ['White', 'Powder pink', 'Sage green'],
      recycledContentOptions: ['Cap in PCR resin up to 50%'],
    },
    10: {
      name: 'Lenta lotion pump',
      category: 'cosmetics',
      tagline: 'A dependable pump for milks, lotions and gels.',
      benefits: [
        'The same dose from the first press to the last.',
        'Lockable actuator for shipping and travel.',
        'Handles textures from fluid to thick.',
        'Standard screw neck, easy to fit on filling lines.',
      ],
      sustainability: [
        'Also available refill-ready, as the Lenta Refill lotion pump.',
        'Available in PCR resin.',
      ],
      dosageOptions: [240, 500],
      sampleColours: ['White', 'Black', 'Natural translucent'],
      recycledContentOptions: ['PCR resin up to 50%'],
    },
    11: {
      name: 'Spumo foam pump',
      category: 'cosmetics',
      tagline: 'Turns a liquid into a creamy foam, with no gas.',
      benefits: [
        'A double mesh gives a dense, even foam.',
        'Made for face cleansers, hand foams and hair care.',
        'The pump makes the foam itself, so formulas can use fewer foaming agents.',
        'A wide actuator that is comfortable with wet hands.',
      ],
      sustainability: [
        'No propellant gas.',
        'Also available in mono-material, as the Unia mono-material foam pump.',
      ],
      dosageOptions: [500],
      sampleColours: ['White', 'Sage green', 'Charcoal grey'],
      recycledContentOptions: ['PCR resin up to 50%'],
    },
    12: {
      name: 'Précia serum pump',
      category: 'cosmetics',
      tagline: 'A small, precise dose for serums and concentrated actives.',
      benefits: [
        'Accurate doses, so none of a valuable formula goes to waste.',
        'A fine nozzle places the serum in the palm or straight onto the skin.',
        'Fits glass bottles.',
        'No drip after use.',
      ],
      sustainability: [
        'The pump separates from the glass bottle for sorting.',
        'Cap available in bio-based resin.',
      ],
      dosageOptions: [150],
      sampleColours: ['Rose gold', 'Satin silver', 'White'],
      recycledContentOptions: ['Cap in bio-based resin'],
    },
    13: {
      name: 'Teinta foundation pump',
      category: 'cosmetics',
      tagline: 'Just the right amount of foundation, with no mess on the bottle.',
      benefits: [
        'A clean cut-off at the end of each dose, with no residue on the nozzle.',
        'Handles pigmented, powder-rich formulas.',
        'A dip tube cut to the bottle, so as little product as possible is left behind.',
      ],
      sustainability: [
        'Available with a cap in PCR resin.',
        'Less product left at the bottom of the bottle.',
      ],
      dosageOptions: [150, 200],
      sampleColours: ['Matt black', 'Beige', 'White'],
      recycledContentOptions: ['Cap in PCR resin up to 50%'],
    },
    14: {
      name: 'Rosée face mist sprayer',
      category: 'cosmetics',
      tagline: 'A very fine mist for floral waters and make-up setting sprays.',
      benefits: [
        'A very fine mist that settles on the face without running.',
        'A wide spray cone covers the whole face in one press.',
        'Works with water-based formulas.',
      ],
      sustainability: [
        'Plastic parts available in recycled resin.',
        'Also available in mono-material, as the Unia mono-material mist sprayer.',
      ],
      dosageOptions: [150],
      sampleColours: ['White', 'Coral pink', 'Sky blue'],
      recycledContentOptions: ['PCR resin up to 50%'],
    },
    15: {
      name: 'Unia mono-material lotion pump',
      category: 'sustainable',
      tagline: 'A lotion pump made entirely of polypropylene, spring included.',
      benefits: [
        'A plastic spring takes the place of the metal one.',
        'Feels as smooth to press as a standard lotion pump.',
        'Lockable actuator for shipping.',
      ],
      sustainability: [
        'No metal parts, so the pump goes straight into the polypropylene recycling stream.',
        'On a PP bottle, the whole pack is recycled in one piece, with nothing to take apart.',
        'Available in recycled PP.',
      ],
      dosageOptions: [200, 240],
      sampleColours: ['White', 'Natural', 'Sage green'],
      recycledContentOptions: ['Mono-material PP', 'Recycled PP (PCR) up to 50%'],
    },
    16: {
      name: 'Unia mono-material mist sprayer',
      category: 'sustainable',
      tagline: 'Fine mist in an all-polypropylene design.',
      benefits: [
        'A fine, even mist for skincare, body mists and hair care.',
        'A plastic spring, kept out of contact with the formula.',
        'Screws onto standard necks.',
      ],
      sustainability: [
        'No metal parts, so the sprayer is recycled along with PP packaging.',
        'Available in recycled PP.',
      ],
      dosageOptions: [150],
      sampleColours: ['White', 'Natural', 'Slate blue'],
      recycledContentOptions: ['Mono-material PP', 'Recycled PP (PCR) up to 50%'],
    },
    17: {
      name: 'Revia PCR pump range',
      category: 'sustainable',
      tagline: 'Our standard pumps, made with post-consumer recycled resin.',
      benefits: [
        'Dosing performance on a par with the virgin-resin versions.',
        'Recycled resin selected for contact with cosmetic formulas.',
        'Switch from virgin to PCR without changing the bottle.',
        'Recycled material traced batch by batch.',
      ],
      sustainability: [
        'A direct contribution to the 2025 target of 10% recycled content.',
        'Less virgin resin used.',
      ],
      dosageOptions: [200, 240, 500],
      sampleColours: ['White', 'Black', 'Light grey'],
      recycledContentOptions: ['PCR resin up to 50%'],
    },
    18: {
      name: 'Verdane bio-based pump',
      category: 'sustainable',
      tagline: 'A lotion pump made from renewably sourced resin.',
      benefits: [
        'Same properties as fossil-based resin, so the bottle needs no requalification.',
        'Compatible with everyday skincare and hygiene formulas.',
        'Available in our standard colours.',
      ],
      sustainability: [
        'Fewer fossil resources in every pump.',
        'Recycled in the same stream as conventional resin.',
      ],
      dosageOptions: [200],
      sampleColours: ['White', 'Sage green', 'Sand'],
      recycledContentOptions: ['Bio-based resin'],
    },
    19: {
      name: 'Ovéa Refill airless system',
      category: 'sustainable',
      tagline: 'A lasting outer pack and an airless refill that swaps in one move.',
      benefits: [
        'The refill clicks in and out of the outer pack, with no tools.',
        'The same airless protection as the Ovéa bottle.',
        'The outer pack can carry fine decoration, kept from one refill to the next.',
      ],
      sustainability: [
        'Only the refill is replaced; the decorated outer pack stays.',
        'A refill takes less material than a complete bottle.',
        'Refill available in mono-material PP.',
      ],
      dosageOptions: [150, 200],
      sampleColours: ['White', 'Satin gold', 'Matt black'],
      recycledContentOptions: ['Mono-material PP refill', 'Outer pack in PCR resin up to 50%'],
    },
    20: {
      name: 'Lenta Refill lotion pump',
      category: 'sustainable',
      tagline: 'A pump that unscrews so the bottle can be refilled from a soft pouch.',
      benefits: [
        'Unscrews and screws back on without losing its seal.',
        'A wide neck for refilling without a funnel.',
        'Lockable actuator for shipping.',
      ],
      sustainability: [
        'Bottle and pump are reused; only the light pouch is thrown away.',
        'Available in PCR resin.',
      ],
      dosageOptions: [240, 500],
      sampleColours: ['White', 'Natural translucent', 'Sage green'],
      recycledContentOptions: ['PCR resin up to 50%'],
    },
    21: {
      name: 'Unia mono-material foam pump',
      category: 'sustainable',
      tagline: 'Spumo’s creamy foam in an all-polypropylene design.',
      benefits: [
        'Dense, even foam, just like a standard foam pump.',
        'Plastic spring and plastic mesh.',
        'Suited to face cleansers and foaming hand soaps.',
      ],
      sustainability: [
        'No metal parts, so the pump goes straight into the polypropylene recycling stream.',
        'On a PP bottle, the whole pack is recycled in one piece.',
        'No propellant gas.',
      ],
      dosageOptions: [500],
      sampleColours: ['White', 'Natural', 'Charcoal grey'],
      recycledContentOptions: ['Mono-material PP', 'Recycled PP (PCR) up to 50%'],
    },
  },
};
