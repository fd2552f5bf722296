export {
  PhotoUploader,
  type PhotoUploaderProps,
  UPLOAD_MAX_MEGABYTES,
  UPLOAD_MAX_MEGAPIXELS,
  type UploaderPhoto,
} from './photo-uploader';
export { uploadFile } from './upload-file';
