export { clockText as clock } from '@/domain/pace';
