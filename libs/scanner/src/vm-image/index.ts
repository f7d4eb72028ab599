export { DEFAULT_VM_IMAGE_TIMEOUT_MS, extractVmImage, type VmImageExtraction, type VmImageExtractOptions } from './extract-vm-image';
export { VmImageError } from './vm-image-error';
export { vmImageKind, vmImageKindOf, VM_IMAGE_HEAD_BYTES, VM_IMAGE_TAIL_BYTES, type VmImageKind } from './vm-image-kind';
