export * as listSearch from './listSearchIndex';
export * as loadOptions from './loadOptions';
