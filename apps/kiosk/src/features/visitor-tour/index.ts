// The plant-tour feature's public surface (decision 025): its catalogue, in French and English.
export * from './catalogue';
