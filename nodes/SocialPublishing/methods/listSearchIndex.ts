export { searchSocialSets } from './listSearch';
