export { Developer, DeveloperView, type DeveloperProps } from './Developer';
export { useDeveloperController } from './useDeveloperController';
