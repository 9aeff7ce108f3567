/** The plant's documents are A4 portrait pages drawn at the totem's width (1080 px). */
export const PAGE_SIZE = { width: 1080, height: 1528 } as const;
