/**
 * The external suggestion form (spec §2, §7: the kiosk's only external link). TO BE CONFIGURED for
 * each plant: this placeholder address is where the plant's form provider publishes its form.
 * The frame is sandboxed (forms and scripts run, but it cannot navigate the kiosk, open popups or
 * reach the top window) and sends no referrer.
 */
export const SUGGESTION_FORM_URL = 'https://forms.example.com/suggestions';

/** Spec §9: the form's frame is 980×1050. */
export const SUGGESTION_FRAME_SIZE = { width: 980, height: 1050 } as const;

export const SUGGESTION_FRAME_SANDBOX = 'allow-forms allow-scripts allow-same-origin';
