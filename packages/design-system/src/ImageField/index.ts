export { ImageField, type ImageFieldProps, imageFieldHeight } from './ImageField.tsx';
