/**
 * Plant-tour catalogue, French. Its shape is `PlantTourCatalogue` (catalogue-types.ts), which the
 * English file must match key for key.
 *
 * Figures come only from docs/product.md#constants ("content facts"). Where the spec gives two values we pick one and
 * keep it everywhere (French, English, tests):
 * - pumps per year: 684 million (the spec's main figure; "about 500 million" is not used);
 * - 1963: the plant has been ON ITS CURRENT SITE since 1963 (founded in 1947 elsewhere); the
 *   other reading, "site founded in 1963", is not used because it contradicts the 1947 founding.
 * Group and division revenues carry no currency in the spec, so none is written.
 *
 * Typography: French numbers and units are glued with a no-break space (\u00a0: "13 000",
 * "10 %", "205 M€") so that a line never breaks inside a figure on the kiosk.
 */
import { IMAGE_ZONES } from '@plant-kiosk/contract';
import type { PlantTourCatalogue } from './catalogue-types';

export const catalogueFr: PlantTourCatalogue = {
  visitorHome: {
    title: 'Bienvenue au site du Neubourg',
    intro:
      'Nous sommes heureux de vous accueillir dans notre usine de pompes et de sprays pour la parfumerie et la cosmétique. Choisissez un thème pour découvrir le Groupe, le site, nos produits et notre démarche environnementale.',
    rulesTitle: 'Votre visite',
    rules: [
      'Présentez-vous à l’accueil pour vous enregistrer dès votre arrivée.',
      'Portez votre badge visiteur de façon visible pendant toute la visite.',
      'Restez accompagné de votre hôte à tout moment.',
    ],
    safetyTitle: 'Les règles de sécurité',
    safety: [
      'Circulez uniquement dans les allées piétonnes balisées.',
      'Portez les équipements de protection individuelle qui vous sont remis.',
      'Ne prenez pas de photos dans les zones de production sans autorisation.',
    ],
  },

  visitorButtons: {
    group: { title: 'Le Groupe', subtitle: 'et sa division Beauté' },
    plant: { title: 'Le site du Neubourg', subtitle: 'présentation' },
    productRange: { title: 'Notre gamme', subtitle: 'parfum, soin, résines durables' },
    hse: { title: 'HSE', subtitle: 'santé, sécurité, environnement' },
    quality: { title: 'Qualité', subtitle: 'politiques et certifications' },
    environment: { title: 'Démarche environnementale', subtitle: 'nos objectifs 2025' },
    emergency: { title: 'Urgence et sécurité', subtitle: 'consignes et numéros utiles' },
  },

  group: {
    title: 'Le Groupe',
    intro:
      'Le site du Neubourg fait partie d’un groupe industriel international et de sa division Beauté, qui conçoit les systèmes de distribution des marques de parfum et de cosmétique.',
    parentGroup: {
      title: 'Le Groupe',
      paragraphs: [
        'Un groupe industriel international, qui produit au plus près de ses clients et de leurs marchés.',
      ],
      figures: [
        { value: '13\u00a0000', label: 'collaborateurs' },
        { value: '20', label: 'pays' },
        { value: '3,5\u00a0milliards', label: 'de chiffre d’affaires' },
      ],
    },
    beautyDivision: {
      title: 'La division Beauté',
      paragraphs: [
        'La division Beauté conçoit et fabrique les pompes, sprays et systèmes airless de marques de parfum et de soin. Le site du Neubourg compte parmi ses sites de production.',
        'Ses équipes de R&D protègent leurs inventions par des brevets et travaillent sur une large palette de technologies de distribution.',
      ],
      figures: [
        { value: '1,27\u00a0milliard', label: 'de chiffre d’affaires en 2023' },
        { value: '25', label: 'sites de R&D et de production' },
        { value: 'Plus de 1\u00a0000', label: 'brevets' },
        { value: '14', label: 'technologies' },
      ],
    },
    videoCaption: 'Le Groupe et sa division Beauté en images.',
  },

  environment: {
    title: 'Notre démarche environnementale',
    intro:
      'Une pompe doit protéger la formule et la doser jusqu’à la dernière goutte. Nous travaillons pour qu’elle pèse le moins possible sur l’environnement, de la conception jusqu’au recyclage.',
    targets: {
      title: 'Nos objectifs pour 2025',
      intro: 'Trois engagements guident nos équipes d’ici 2025.',
      figures: [
        { value: '10\u00a0%', label: 'de contenu recyclé dans nos produits' },
        { value: 'Zéro', label: 'résine problématique' },
        {
          value: '100\u00a0%',
          label: 'd’emballages recyclables, réutilisables ou compostables',
        },
      ],
    },
    circularity: {
      title: 'L’indicateur de circularité',
      paragraphs: [
        'Pour mesurer nos progrès, nous évaluons nos produits avec un indicateur de circularité compris entre 0 et 1.',
        'À 0, le produit est fait de matière neuve et finit sa vie en déchet. À 1, il est fait de matière recyclée ou renouvelable, puis entièrement recyclé ou réutilisé après usage.',
        'Plus l’indicateur se rapproche de 1, plus le produit entre dans une économie circulaire.',
      ],
      scaleMin: { value: '0', label: 'modèle linéaire' },
      scaleMax: { value: '1', label: 'modèle circulaire' },
    },
    catalogue: {
      title: 'Le catalogue environnement',
      openLabel: 'Feuilleter le catalogue',
      closeLabel: 'Fermer',
    },
  },

  plantSite: {
    title: 'Le site du Neubourg',
    intro:
      'Au Neubourg, nous concevons, moulons et assemblons des pompes et des sprays pour les marques de parfum et de cosmétique.',
    introduction: {
      title: IMAGE_ZONES.plantIntroduction.fr,
      paragraphs: [
        'Fondé en 1947, le site est installé sur son terrain actuel depuis 1963. Environ 690 collaborateurs y travaillent.',
        'La production tourne 24\u00a0h/24 et 7\u00a0j/7, sur un terrain de 96\u00a0000\u00a0m² qui accueille 20\u00a0000\u00a0m² de bâtiments.',
      ],
      figures: [
        { value: '1947', label: 'année de création' },
        { value: '1963', label: 'installation sur le site actuel' },
        { value: 'Environ 690', label: 'collaborateurs' },
        { value: '205\u00a0M€', label: 'de chiffre d’affaires en 2023' },
        { value: '96\u00a0000\u00a0m²', label: 'de terrain' },
        { value: '20\u00a0000\u00a0m²', label: 'de bâtiments' },
        { value: '24\u00a0h/24, 7\u00a0j/7', label: 'de production' },
      ],
    },
    moldingUnit: {
      title: IMAGE_ZONES.moldingUnit.fr,
      paragraphs: [
        'Au moulage, 68 presses à injecter de 10 à 300 tonnes transforment les granulés de résine en composants de pompes et de sprays.',
        'Nos 450 moules, déclinés en 755 versions, produisent 4,15\u00a0milliards de pièces par an. Pour aller plus vite en développement, 6 presses prototypes et 3\u00a0000 impressions 3D par an permettent d’essayer une pièce avant de lancer son moule de série.',
      ],
      figures: [
        { value: '68', label: 'presses à injecter, de 10 à 300 tonnes' },
        { value: '450', label: 'moules, en 755 versions' },
        { value: '4,15\u00a0milliards', label: 'de pièces par an' },
        { value: '6', label: 'presses prototypes' },
        { value: '3\u00a0000', label: 'impressions 3D par an' },
      ],
    },
    assemblyUnit: {
      title: IMAGE_ZONES.assemblyUnit.fr,
      paragraphs: [
        'Plus de 100 machines d’assemblage réunissent les pièces moulées (corps de pompe, piston, ressort, bague, poussoir) en produits finis.',
        'Le site livre 684\u00a0millions de pompes par an et gère 10\u00a0000 références actives, des grandes séries aux versions personnalisées pour chaque marque.',
      ],
      figures: [
        { value: 'Plus de 100', label: 'machines d’assemblage' },
        { value: '684\u00a0millions', label: 'de pompes par an' },
        { value: '10\u00a0000', label: 'références actives' },
      ],
    },
    supportDepartments: {
      title: IMAGE_ZONES.supportServices.fr,
      paragraphs: [
        'Autour de la production, les services support font tourner le site jour et nuit et accompagnent les projets de nos clients, de l’idée à la série.',
      ],
      departments: [
        'Maintenance',
        'Qualité',
        'Logistique',
        'Ressources humaines',
        'Méthodes',
        'Support R&D',
      ],
      figures: [{ value: 'Environ 60', label: 'nouveaux développements par an' }],
    },
    video: {
      title: 'Le site en vidéo',
      caption: 'Une journée au Neubourg, du moulage à l’expédition.',
    },
  },

  productRange: {
    title: 'Notre gamme',
    intro:
      'Du spray de parfum à l’airless pour le soin, nos systèmes de distribution protègent la formule, dosent juste et mettent en valeur le flacon de chaque marque.',
    categories: {
      fragrance: {
        title: 'Parfum',
        intro:
          'Des pompes et des sprays qui délivrent une brume fine et régulière, avec des bagues et des poussoirs accordés au flacon.',
      },
      cosmetics: {
        title: 'Soin et cosmétique',
        intro:
          'Pompes à lotion, systèmes airless, pompes mousse et brumisateurs pour doser crèmes, sérums et fonds de teint proprement, jusqu’à la dernière dose.',
      },
      sustainable: {
        title: 'Solutions résine durable',
        intro:
          'Pompes mono-matériau, résines recyclées ou biosourcées et systèmes rechargeables, pour aider les marques à tenir leurs objectifs d’emballage.',
      },
    },
    brochures: {
      title: 'Nos brochures',
      downloadLabel: 'Téléchargez le catalogue',
      scanHint: 'Scannez le code QR avec votre téléphone.',
      titles: {
        fragrance: 'Brochure Parfum',
        cosmetics: 'Brochure Soin et cosmétique',
        sustainable: 'Brochure Solutions résine durable',
      },
    },
    news: {
      title: 'Nouveauté',
      text: 'La gamme mono-matériau Unia accueille une pompe mousse. Ressort et tamis compris, elle est entièrement en polypropylène. Associée à un flacon en PP, elle se recycle d’un seul tenant.',
      productId: 21,
      seeProductLabel: 'Voir la fiche produit',
      closeLabel: 'Fermer',
    },
    cards: {
      tapHint: 'Touchez un produit pour ouvrir sa fiche.',
      openLabel: 'Voir la fiche',
      closeLabel: 'Fermer',
      tabs: { benefits: 'Avantages', sustainability: 'Durabilité' },
      chips: { dosage: 'Dosage', colours: 'Coloris', recycledContent: 'Contenu recyclé' },
    },
  },

  productSheets: {
    1: {
      name: 'Pompe brumisante Brumea',
      category: 'fragrance',
      tagline: 'La brume fine et régulière des flacons de parfum à sertir.',
      benefits: [
        'Brume fine et homogène dès la première pression, sans goutte au poussoir.',
        'Amorçage rapide, en quelques pressions.',
        'Se sertit sur les cols standards de la parfumerie.',
        'Large choix de bagues et de poussoirs décoratifs.',
      ],
      sustainability: ['Poussoir disponible en résine recyclée.', 'Bague en aluminium recyclable.'],
      dosageOptions: [150],
      sampleColours: ['Argent brillant', 'Or satiné', 'Noir mat'],
      recycledContentOptions: ['Poussoir en résine PCR jusqu’à 50\u00a0%'],
    },
    2: {
      name: 'Pompe à visser Vissa',
      category: 'fragrance',
      tagline: 'Une pompe parfum qui se visse et se dévisse, pour les flacons rechargeables.',
      benefits: [
        'Se visse sur le flacon, sans sertissage ni outillage spécial.',
        'Se dévisse pour remplir à nouveau le flacon.',
        'Un joint étanche protège le parfum de l’évaporation.',
        'La même qualité de brume que nos pompes à sertir.',
      ],
      sustainability: [
        'Le flacon et sa pompe se réutilisent, ce qui réduit les emballages jetés.',
        'La pompe et le flacon se séparent facilement pour le tri.',
      ],
      dosageOptions: [150],
      sampleColours: ['Argent brillant', 'Bronze', 'Blanc'],
      recycledContentOptions: ['Bague vissante en résine PCR'],
    },
    3: {
      name: 'Système rechargeable Retoura',
      category: 'fragrance',
      tagline: 'Un flacon de parfum conçu pour être rechargé, en boutique ou à la maison.',
      benefits: [
        'Recharge rapide par le col, à la fontaine en boutique ou avec un flacon recharge.',
        'Une valve anti-fuite referme le flacon après chaque recharge.',
        'S’adapte aux flacons en verre épais de la parfumerie fine.',
        'Une brume fine et régulière, recharge après recharge.',
      ],
      sustainability: [
        'Le flacon en verre et sa pompe restent en service de recharge en recharge.',
        'Une recharge demande moins de matière qu’un flacon complet.',
        'La pompe se démonte en fin de vie pour le tri.',
      ],
      dosageOptions: [150],
      sampleColours: ['Or brillant', 'Argent satiné', 'Noir laqué'],
      recycledContentOptions: ['Pièces plastiques en résine PCR jusqu’à 50\u00a0%'],
    },
    4: {
      name: 'Spray continu Contina',
      category: 'fragrance',
      tagline: 'Une brume longue et enveloppante à chaque pression.',
      benefits: [
        'Diffuse en continu tant que le poussoir est enfoncé, sans gaz propulseur.',
        'Un nuage ample et léger, agréable pour les brumes parfumées et les eaux de toilette.',
        'Un débit régulier, du premier au dernier spray.',
        'Un poussoir ergonomique, facile à actionner.',
      ],
      sustainability: [
        'Sans gaz propulseur, une alternative aux aérosols.',
        'Pièces plastiques disponibles en résine recyclée.',
      ],
      dosageOptions: [],
      sampleColours: ['Blanc', 'Argent mat'],
      recycledContentOptions: ['Résine PCR jusqu’à 50\u00a0%'],
    },
    5: {
      name: 'Pompe Velura pour brumes corps et cheveux',
      category: 'fragrance',
      tagline: 'Un dosage généreux pour les brumes corps et cheveux.',
      benefits: [
        'Une dose plus généreuse qu’un spray parfum, pour couvrir plus de surface.',
        'Une brume douce qui ne mouille pas les cheveux.',
        'Compatible avec les formules hydroalcooliques et aqueuses.',
      ],
      sustainability: [
        'Existe en version à visser pour les flacons rechargeables.',
        'Poussoir et bague disponibles en résine recyclée.',
      ],
      dosageOptions: [200, 240],
      sampleColours: ['Blanc', 'Rose corail', 'Sable'],
      recycledContentOptions: ['Poussoir et bague en résine PCR jusqu’à 50\u00a0%'],
    },
    6: {
      name: 'Vaporisateur de sac Escala',
      category: 'fragrance',
      tagline: 'Le parfum à emporter, rechargé depuis le grand flacon.',
      benefits: [
        'Un format compact qui se glisse dans un sac ou une poche.',
        'Se recharge par le fond, directement depuis le flacon principal.',
        'Un capot de protection évite les pressions accidentelles.',
        'Étanche, même couché dans un sac.',
      ],
      sustainability: [
        'Un seul vaporisateur, rechargé à volonté, remplace les échantillons jetables.',
        'Enveloppe en aluminium recyclable.',
      ],
      dosageOptions: [150],
      sampleColours: ['Argent brillant', 'Or rose', 'Noir mat'],
      recycledContentOptions: [],
    },
    7: {
      name: 'Collection décorative Orna',
      category: 'fragrance',
      tagline: 'Des bagues et des poussoirs décorés qui signent le flacon.',
      benefits: [
        'Finitions métallisées, laquées, brossées ou gravées.',
        'Des teintes accordées au nuancier de la marque.',
        'S’adapte à nos pompes Brumea, Vissa et Retoura.',
        'Une seule équipe, du prototype imprimé en 3D à la série.',
      ],
      sustainability: [
        'Métallisation sous vide, sans bain galvanique.',
        'Les pièces décoratives se clipsent et se séparent facilement pour le tri.',
      ],
      dosageOptions: [],
      sampleColours: ['Or brillant', 'Argent brossé', 'Cuivre', 'Noir laqué'],
      recycledContentOptions: ['Poussoirs en résine PCR jusqu’à 50\u00a0%'],
    },
    8: {
      name: 'Flacon airless Ovéa',
      category: 'cosmetics',
      tagline: 'Protège les formules sensibles de l’air, jusqu’à la dernière dose.',
      benefits: [
        'Aucune reprise d’air, la formule reste protégée de l’oxydation.',
        'Un piston suiveur restitue la quasi-totalité du produit.',
        'Fonctionne dans toutes les positions.',
        'Adapté aux formules pauvres en conservateurs.',
      ],
      sustainability: [
        'Moins de produit gaspillé en fin d’usage.',
        'Existe en version rechargeable, l’airless Ovéa Recharge.',
      ],
      dosageOptions: [150, 240],
      sampleColours: ['Blanc', 'Sable', 'Bleu ardoise'],
      recycledContentOptions: ['Résine PCR jusqu’à 50\u00a0%'],
    },
    9: {
      name: 'Pot airless Crémio',
      category: 'cosmetics',
      tagline: 'Le geste du pot, avec l’hygiène de l’airless.',
      benefits: [
        'On appuie sur le plateau et la crème arrive dosée, sans y plonger les doigts.',
        'La formule reste protégée de l’air et des contaminations.',
        'Adapté aux crèmes riches et aux baumes.',
      ],
      sustainability: [
        'La quasi-totalité du produit est utilisée.',
        'Capot et plateau disponibles en résine recyclée.',
      ],
      dosageOptions: [240, 500],
      sampleColours: ['Blanc', 'Rose poudré', 'Vert sauge'],
      recycledContentOptions: ['Capot en résine PCR jusqu’à 50\u00a0%'],
    },
    10: {
      name: 'Pompe à lotion Lenta',
      category: 'cosmetics',
      tagline: 'Une pompe fiable pour les laits, lotions et gels.',
      benefits: [
        'Une dose régulière, de la première à la dernière pression.',
        'Poussoir verrouillable pour le transport et le voyage.',
        'Accepte les textures fluides comme les plus épaisses.',
        'Col à vis standard, simple à poser sur les lignes de remplissage.',
      ],
      sustainability: [
        'Existe en version prête à recharger, la pompe Lenta Recharge.',
        'Disponible en résine PCR.',
      ],
      dosageOptions: [240, 500],
      sampleColours: ['Blanc', 'Noir', 'Naturel translucide'],
      recycledContentOptions: ['Résine PCR jusqu’à 50\u00a0%'],
    },
    11: {
      name: 'Pompe mousse Spumo',
      category: 'cosmetics',
      tagline: 'Transforme un liquide en mousse onctueuse, sans gaz.',
      benefits: [
        'Une mousse dense et régulière grâce à un double tamis.',
        'Pensée pour les nettoyants visage, les mousses mains et les soins capillaires.',
        'La pompe forme la mousse elle-même, la formule peut contenir moins d’agents moussants.',
        'Un poussoir large, confortable avec les mains mouillées.',
      ],
      sustainability: [
        'Sans gaz propulseur.',
        'Existe en version mono-matériau, la pompe mousse Unia.',
      ],
      dosageOptions: [500],
      sampleColours: ['Blanc', 'Vert sauge', 'Gris anthracite'],
      recycledContentOptions: ['Résine PCR jusqu’à 50\u00a0%'],
    },
    12: {
      name: 'Pompe sérum Précia',
      category: 'cosmetics',
      tagline: 'Une petite dose précise pour les sérums et les actifs concentrés.',
      benefits: [
        'Une dose juste, sans gaspiller une formule précieuse.',
        'Un embout fin pour déposer le sérum au creux de la main ou sur la peau.',
        'Compatible avec les flacons en verre.',
        'Ne goutte pas après usage.',
      ],
      sustainability: [
        'La pompe se sépare du flacon en verre pour le tri.',
        'Capot disponible en résine biosourcée.',
      ],
      dosageOptions: [150],
      sampleColours: ['Or rose', 'Argent satiné', 'Blanc'],
      recycledContentOptions: ['Capot en résine biosourcée'],
    },
    13: {
      name: 'Pompe fond de teint Teinta',
      category: 'cosmetics',
      tagline: 'Juste ce qu’il faut de fond de teint, sans tacher le flacon.',
      benefits: [
        'Une coupure nette en fin de dose, sans résidu sur l’embout.',
        'Compatible avec les formules pigmentées et riches en poudres.',
        'Une canule ajustée au flacon pour le vider au maximum.',
      ],
      sustainability: [
        'Disponible avec un capot en résine PCR.',
        'Moins de produit perdu au fond du flacon.',
      ],
      dosageOptions: [150, 200],
      sampleColours: ['Noir mat', 'Beige', 'Blanc'],
      recycledContentOptions: ['Capot en résine PCR jusqu’à 50\u00a0%'],
    },
    14: {
      name: 'Brumisateur visage Rosée',
      category: 'cosmetics',
      tagline: 'Une brume très fine pour les eaux florales et les fixateurs de maquillage.',
      benefits: [
        'Une brume très fine, qui se dépose sur le visage sans couler.',
        'Un large cône de diffusion couvre tout le visage en une pression.',
        'Compatible avec les formules aqueuses.',
      ],
      sustainability: [
        'Pièces plastiques disponibles en résine recyclée.',
        'Existe en version mono-matériau, le brumisateur Unia.',
      ],
      dosageOptions: [150],
      sampleColours: ['Blanc', 'Rose corail', 'Bleu ciel'],
      recycledContentOptions: ['Résine PCR jusqu’à 50\u00a0%'],
    },
    15: {
      name: 'Pompe à lotion mono-matériau Unia',
      category: 'sustainable',
      tagline: 'Une pompe à lotion entièrement en polypropylène, ressort compris.',
      benefits: [
        'Un ressort en plastique remplace le ressort métallique.',
        'Le même confort de pression qu’une pompe à lotion classique.',
        'Poussoir verrouillable pour le transport.',
      ],
      sustainability: [
        'Aucune pièce métallique, la pompe suit la filière de recyclage du polypropylène.',
        'Sur un flacon en PP, l’emballage se recycle d’un seul tenant, sans démontage.',
        'Disponible en PP recyclé.',
      ],
      dosageOptions: [200, 240],
      sampleColours: ['Blanc', 'Naturel', 'Vert sauge'],
      recycledContentOptions: ['PP mono-matériau', 'PP recyclé (PCR) jusqu’à 50\u00a0%'],
    },
    16: {
      name: 'Brumisateur mono-matériau Unia',
      category: 'sustainable',
      tagline: 'La brume fine, dans une conception tout polypropylène.',
      benefits: [
        'Une brume fine et régulière pour les soins, les brumes corps et les produits capillaires.',
        'Un ressort en plastique, placé hors du contact avec la formule.',
        'Se visse sur les cols standards.',
      ],
      sustainability: [
        'Aucune pièce métallique, le brumisateur se recycle avec les emballages en PP.',
        'Disponible en PP recyclé.',
      ],
      dosageOptions: [150],
      sampleColours: ['Blanc', 'Naturel', 'Bleu ardoise'],
      recycledContentOptions: ['PP mono-matériau', 'PP recyclé (PCR) jusqu’à 50\u00a0%'],
    },
    17: {
      name: 'Gamme de pompes PCR Revia',
      category: 'sustainable',
      tagline: 'Nos pompes de série, fabriquées avec de la résine recyclée post-consommation.',
      benefits: [
        'Les mêmes performances de dosage que les versions en résine vierge.',
        'Une résine recyclée sélectionnée pour le contact avec les formules cosmétiques.',
        'Passage de la version vierge à la version PCR sans changer de flacon.',
        'Une matière recyclée tracée lot par lot.',
      ],
      sustainability: [
        'Contribue directement à l’objectif de 10\u00a0% de contenu recyclé en 2025.',
        'Moins de résine vierge consommée.',
      ],
      dosageOptions: [200, 240, 500],
      sampleColours: ['Blanc', 'Noir', 'Gris clair'],
      recycledContentOptions: ['Résine PCR jusqu’à 50\u00a0%'],
    },
    18: {
      name: 'Pompe biosourcée Verdane',
      category: 'sustainable',
      tagline: 'Une pompe à lotion en résine issue de matières renouvelables.',
      benefits: [
        'Les mêmes propriétés que la résine d’origine fossile, sans requalifier le flacon.',
        'Compatible avec les formules courantes de soin et d’hygiène.',
        'Disponible dans nos coloris de série.',
      ],
      sustainability: [
        'Moins de ressources fossiles dans chaque pompe.',
        'Se recycle dans la même filière que la résine classique.',
      ],
      dosageOptions: [200],
      sampleColours: ['Blanc', 'Vert sauge', 'Sable'],
      recycledContentOptions: ['Résine biosourcée'],
    },
    19: {
      name: 'Airless rechargeable Ovéa Recharge',
      category: 'sustainable',
      tagline: 'Une enveloppe durable et une recharge airless qui se remplace en un geste.',
      benefits: [
        'La recharge se clipse et se déclipse de l’enveloppe, sans outil.',
        'La même protection airless que le flacon Ovéa.',
        'L’enveloppe reçoit des décors soignés, conservés de recharge en recharge.',
      ],
      sustainability: [
        'Seule la recharge est remplacée, l’enveloppe décorée est conservée.',
        'Une recharge demande moins de matière qu’un flacon complet.',
        'Recharge disponible en PP mono-matériau.',
      ],
      dosageOptions: [150, 200],
      sampleColours: ['Blanc', 'Or satiné', 'Noir mat'],
      recycledContentOptions: [
        'Recharge en PP mono-matériau',
        'Enveloppe en résine PCR jusqu’à 50\u00a0%',
      ],
    },
    20: {
      name: 'Pompe à lotion Lenta Recharge',
      category: 'sustainable',
      tagline: 'Une pompe qui se dévisse pour remplir le flacon depuis une recharge souple.',
      benefits: [
        'Se dévisse et se revisse sans perdre son étanchéité.',
        'Un col large pour remplir le flacon sans entonnoir.',
        'Poussoir verrouillable pour le transport.',
      ],
      sustainability: [
        'Le flacon et la pompe sont réutilisés, seule la recharge souple est jetée.',
        'Disponible en résine PCR.',
      ],
      dosageOptions: [240, 500],
      sampleColours: ['Blanc', 'Naturel translucide', 'Vert sauge'],
      recycledContentOptions: ['Résine PCR jusqu’à 50\u00a0%'],
    },
    21: {
      name: 'Pompe mousse mono-matériau Unia',
      category: 'sustainable',
      tagline: 'La mousse onctueuse de Spumo, dans une conception tout polypropylène.',
      benefits: [
        'Une mousse dense et régulière, comme avec une pompe mousse classique.',
        'Un ressort et des tamis en plastique.',
        'Adaptée aux nettoyants visage et aux savons mousse pour les mains.',
      ],
      sustainability: [
        'Aucune pièce métallique, la pompe suit la filière de recyclage du polypropylène.',
        'Sur un flacon en PP, l’emballage se recycle d’un seul tenant.',
        'Sans gaz propulseur.',
      ],
      dosageOptions: [500],
      sampleColours: ['Blanc', 'Naturel', 'Gris anthracite'],
      recycledContentOptions: ['PP mono-matériau', 'PP recyclé (PCR) jusqu’à 50\u00a0%'],
    },
  },
};
