export { ImageViewer, type ImageViewerProps, viewerFadeMs, zoomRange } from './ImageViewer.tsx';
