export { PhotoUploader } from './photo-uploader';
export { uploadFile } from './upload-file';
