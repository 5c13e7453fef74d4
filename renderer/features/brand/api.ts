import { get, request } from '../../api/client';
import { StoreProfileSchema, type StoreLogoInput, type StoreProfileInput } from '../../../contract/console-settings';

/** The store as the checkout shows it to customers: name, contact, logo. */
export const brandApi = {
  get: () => get(StoreProfileSchema, '/settings/store'),
  save: (input: StoreProfileInput) => request(StoreProfileSchema, 'PUT', '/settings/store', input),
  uploadLogo: (logo: StoreLogoInput) => request(StoreProfileSchema, 'PUT', '/settings/store/logo', logo),
  removeLogo: () => request(StoreProfileSchema, 'DELETE', '/settings/store/logo'),
};
