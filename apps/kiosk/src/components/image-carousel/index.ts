export * from './image-carousel';
export { emblaDurationForMs } from './carousel-timing';
