export * from './zone-gallery';
