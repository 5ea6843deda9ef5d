export { VideoPreview, safeVideoUrl } from './VideoPreview';
export type { PreviewVideo, VideoPreviewProps } from './VideoPreview';
