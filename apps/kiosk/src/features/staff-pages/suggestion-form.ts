/**
 * The external suggestion form (docs/product.md#screens, #calls: the kiosk's only external link). Its address is the
 * development's published setting `suggestionFormUrl` (published settings, decision 017): none is
 * built into the kiosk, and a development without one says "not configured". The frame is sandboxed
 * (forms and scripts run, but it cannot navigate the kiosk, open popups or reach the top window)
 * and sends no referrer.
 */

/** docs/product.md#constants: the form's frame is 980×1050. */
export const SUGGESTION_FRAME_SIZE = { width: 980, height: 1050 } as const;

export const SUGGESTION_FRAME_SANDBOX = 'allow-forms allow-scripts allow-same-origin';
