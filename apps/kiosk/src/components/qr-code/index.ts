export * from './qr-code';
export * from './qr-tile';
