/**
 * French texts of the kiosk: the source of the translation keys. Staff pages always read these;
 * visitor pages read `en.ts` when the visitor chose English. `en.ts` is typed against this file, so
 * a key added here and forgotten there fails the type check.
 */
export const fr = {
  app: {
    siteName: 'Site du Neubourg',
    brandTagline: 'Informations site',
    loading: 'Chargement…',
    /** Drawn in place of a media file that cannot be had (lib/media/media-fallback.ts). */
    imageUnavailable: 'Image indisponible',
  },
  login: {
    title: 'Bienvenue sur le totem',
    subtitle: 'Connectez ce totem à son espace de contenu.',
    loginLabel: 'Identifiant',
    loginPlaceholder: 'Login',
    passwordLabel: 'Mot de passe',
    passwordPlaceholder: 'Mot de passe',
    showPassword: 'Montrer mon mot de passe :',
    submit: 'Se connecter',
    submitting: 'Connexion…',
    invalidRequest: 'Saisissez votre identifiant et votre mot de passe, puis réessayez.',
    networkError:
      "Un problème de connexion est survenu. Vérifiez que l'appareil est bien connecté à internet. Si le problème persiste, contactez votre prestataire.",
  },
  header: {
    logoLink: "Logo du site — retour à l'accueil",
    clock: 'Heure et date',
    modeArea: 'Changer le mode du totem (toucher deux fois)',
    online: 'En ligne',
    offline: 'Hors ligne',
    reauth: '· à ré-autoriser',
  },
  modeSwitcher: {
    title: 'Mode du totem',
    description: 'Choisissez le parcours affiché par ce totem.',
    visitor: 'Visiteur',
    moulage: 'Moulage',
    assemblage: 'Assemblage',
    cancel: 'Annuler',
    current: 'Mode actuel : {{mode}}',
  },
  banner: {
    home: 'Accueil',
    homeAria: "Retour à l'accueil",
    defaultTitle: 'accueil',
    anchors: 'Sections de la page',
  },
  breadcrumb: {
    label: "Fil d'Ariane",
    home: 'Accueil',
    visitors: 'Visiteurs',
  },
  footer: {
    text: 'Site du Neubourg — parfumerie et cosmétique',
    website: 'Notre site web',
    websiteTitle: 'Site web de l’entreprise',
    websiteOfflineTitle: 'Le site web n’est pas disponible hors ligne',
    websiteOffline:
      'Le site web nécessite une connexion internet. Le totem est actuellement hors ligne.',
    websiteUnsetTitle: 'Le site web n’est pas encore configuré',
    websiteUnset: 'L’adresse du site web de l’entreprise n’a pas été renseignée pour ce site.',
    websiteBlockedTitle: 'Le site web sera disponible dans un instant',
    websiteBlocked:
      'Sa nouvelle adresse vient d’être publiée : le totem se met à jour dès qu’il n’est plus utilisé.',
    websiteRefusedTitle: 'Le site web ne peut pas s’afficher sur le totem',
    websiteRefused: 'Le site web refuse d’être affiché dans une autre page.',
    websiteTimeoutTitle: 'Le site web ne répond pas',
    websiteTimeout: 'Le site web ne répond pas pour le moment. Réessayez plus tard.',
    websiteChecking: 'Vérification de la connexion…',
  },
  routeButton: {
    tap: 'Toucher pour ouvrir',
  },
  idle: {
    readerTitle: 'Veille',
    close: 'FERMER',
    previous: 'Page précédente',
    next: 'Page suivante',
    page: 'Page {{current}} / {{total}}',
    empty: 'Touchez FERMER pour revenir aux informations du site.',
  },
  inactivity: {
    title: 'Êtes-vous toujours là ?',
    message: "Sans action de votre part, le totem reviendra à l'accueil dans {{seconds}} secondes.",
    stay: 'Je suis là',
  },
  error: {
    title: 'Unexpected Application Error!',
    explanation: 'Le totem a rencontré un problème en affichant cette page.',
    reload: 'Recharger',
    home: "Retour à l'accueil",
    notFound: 'Page introuvable',
  },
  home: {
    slideshow: 'Diaporama du site',
    slideshowEmpty: 'Les photos du site apparaîtront ici après la synchronisation.',
    previousSlide: 'Photo précédente',
    nextSlide: 'Photo suivante',
    visitors: 'Espace visiteurs',
    visitorsSubtitle: 'Visitors area',
    groupe: 'Le Groupe',
    groupeSubtitle: 'et sa division beauté',
    siteNeubourg: 'Le site du Neubourg',
    siteNeubourgSubtitle: 'présentation',
    clientsProduits: 'Nos clients',
    clientsProduitsSubtitle: 'nos produits',
    moulage: 'Moulage',
    informations: 'Informations RH',
    informationsSubtitle: 'et intégration',
    hse: 'HSE',
    hseSubtitle: 'Hygiène, sécurité, environnement',
    qualite: 'Qualité',
    autresInformations: 'Autres informations',
    autresInformationsSubtitle: 'plan, salles, menu, magazine',
    beLean: 'BE LEAN +',
    beLeanSubtitle: 'amélioration continue',
    suggestion: 'Suggestion System',
    suggestionSubtitle: 'vos idées',
    urgence: 'Urgence',
    urgenceSubtitle: 'numéros et consignes',
    emergencyStrip: 'Numéros d’urgence',
    emergencyStripSubtitle: 'touchez pour les afficher',
    marquee:
      'Retrouvez en quelques clics toutes les informations pratiques du site et vos demandes d’accès !',
    buttons: 'Rubriques',
  },
  visitorHome: {
    language: 'Langue',
    french: 'Français',
    english: 'English',
    topics: 'Thèmes de la visite',
    backToStaff: 'Retour à l’accueil salariés',
  },
  visitorPages: {
    common: {
      empty: 'Contenu bientôt disponible',
      keyFigures: 'Chiffres clés',
      videoPending: 'La vidéo sera bientôt disponible.',
      pauseVideo: 'Mettre la vidéo en pause',
      playVideo: 'Lire la vidéo',
      frenchOnly: 'Contenu en français',
    },
    zones: {
      hsePolicies: 'Politiques et contacts HSE',
      ppe: 'Équipements de protection (EPI)',
      pti: 'Protection du travailleur isolé (PTI)',
      wastePollution: 'Déchets et pollution',
      emergencyNumbers: 'Numéros d’urgence',
      sitePlan: 'Plan du site',
    },
    site: {
      departments: 'Nos services support',
    },
    hse: {
      intro:
        'Au Neubourg, la santé et la sécurité de chacun passent avant tout, visiteurs compris. Voici les règles à suivre et les équipements que vous croiserez pendant la visite.',
    },
    quality: {
      intro:
        'La qualité se construit à chaque étape, de la conception à l’expédition. Voici nos engagements et les certifications qui les attestent.',
    },
    environment: {
      gauge:
        'Échelle de l’indicateur de circularité, de {{min}} ({{minLabel}}) à {{max}} ({{maxLabel}})',
      cataloguePending: 'Le catalogue sera bientôt disponible.',
      catalogueAnchor: 'Le catalogue',
    },
    range: {
      brochurePending: 'En cours de déploiement',
      browseBrochure: 'Feuilleter',
      brochuresPending: 'Les brochures seront bientôt disponibles.',
    },
    emergency: {
      intro: 'Votre hôte connaît les consignes du site : en cas de doute, suivez ses indications.',
      whatToDoTitle: 'En cas d’urgence',
      alarm:
        'Si l’alarme incendie retentit, gardez votre calme et suivez votre hôte jusqu’au point de rassemblement.',
      unwell:
        'Si vous êtes blessé ou ne vous sentez pas bien, prévenez tout de suite votre hôte ou un salarié.',
      stayOut: 'Ne retournez pas dans les bâtiments tant qu’on ne vous y a pas autorisé.',
    },
  },
  pages: {
    groupe: 'Le Groupe',
    siteNeubourg: 'Le site du Neubourg',
    nosClientsNosProduits: 'Nos clients, nos produits',
    informations: 'Informations RH et intégration',
    hse: 'HSE',
    moulage: 'Moulage',
    qualite: 'Qualité',
    autresInformations: 'Autres informations',
    urgence: 'Urgence',
    formulaire: 'Suggestion System',
    projets: 'BE LEAN +',
    archives: 'Nos Succès',
    visiteur: 'Visiteurs',
    visiteurGroupe: 'Le Groupe',
    visiteurSite: 'Le site du Neubourg',
    visiteurHse: 'HSE',
    visiteurGamme: 'Notre gamme',
    visiteurEnvironnement: 'Démarche environnementale',
    visiteurQualite: 'Qualité',
    visiteurUrgence: 'Urgence et sécurité',
    demo: 'Démonstration des composants',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language must provide: the same keys as French, any strings. */
export type Translation = Widen<typeof fr>;
