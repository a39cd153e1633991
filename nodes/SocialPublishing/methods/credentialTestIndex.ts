export { socialPublishingApiTest } from './credentialTest';
