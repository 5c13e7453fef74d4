import { ApiError } from '../../api/client';
import { brandApi } from './api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import {
  STORE_LOGO_MAX_BYTES,
  STORE_LOGO_TYPES,
  type StoreProfile,
  type StoreProfileInput,
} from '../../../contract/console-settings';

type LogoType = (typeof STORE_LOGO_TYPES)[number];
const isLogoType = (type: string): type is LogoType => (STORE_LOGO_TYPES as readonly string[]).includes(type);

/** Base64 of a small file, in chunks so a large argument list never overflows the stack. */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export interface BrandSlice {
  storeProfile: StoreProfile | null;
  storeProfileProblem: { field: string; message: string } | null;
  isSavingStoreProfile: boolean;
  loadStoreProfile(): Promise<void>;
  saveStoreProfile(input: StoreProfileInput): Promise<void>;
  uploadStoreLogo(file: File): Promise<void>;
  removeStoreLogo(): Promise<void>;
}

export const createBrandSlice: SliceCreator<BrandSlice> = (set, get) => {
  /** One request at a time; a refusal naming a field shows beside that field. */
  const run = async (work: () => Promise<StoreProfile>, done: string, failed: string) => {
    set({ isSavingStoreProfile: true, storeProfileProblem: null });
    try {
      set({ storeProfile: await work() });
      get().toast('success', done);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        set({ storeProfileProblem: { field: err.field ?? 'name', message: err.message } });
      get().fail(err, failed);
    } finally {
      set({ isSavingStoreProfile: false });
    }
  };
  return {
    storeProfile: null,
    storeProfileProblem: null,
    isSavingStoreProfile: false,
    loadStoreProfile: async () => {
      try {
        set({ storeProfile: await brandApi.get() });
      } catch (err) {
        get().fail(err, 'Could not load the store profile');
      }
    },
    saveStoreProfile: (input) =>
      run(() => brandApi.save(input), 'Saved. The checkout shows it from now on.', 'Could not save the store profile'),
    uploadStoreLogo: async (file) => {
      const type = file.type;
      if (!isLogoType(type) || file.size > STORE_LOGO_MAX_BYTES) {
        set({
          storeProfileProblem: {
            field: 'logo',
            message: `Choose a PNG or JPEG of at most ${STORE_LOGO_MAX_BYTES / 1024} KB (this is ${type || 'an unknown type'}, ${Math.ceil(file.size / 1024)} KB).`,
          },
        });
        return;
      }
      const data = await base64Of(file);
      await run(() => brandApi.uploadLogo({ type, data }), 'Logo uploaded.', 'Could not upload the logo');
    },
    removeStoreLogo: () => run(() => brandApi.removeLogo(), 'Logo removed.', 'Could not remove the logo'),
  };
};

export const selectStoreProfile = (s: ConsoleStore) => s.storeProfile;
export const selectStoreProfileProblem = (s: ConsoleStore) => s.storeProfileProblem;
export const selectIsSavingStoreProfile = (s: ConsoleStore) => s.isSavingStoreProfile;
export const selectBrandActions = (s: ConsoleStore) => ({
  loadStoreProfile: s.loadStoreProfile,
  saveStoreProfile: s.saveStoreProfile,
  uploadStoreLogo: s.uploadStoreLogo,
  removeStoreLogo: s.removeStoreLogo,
});
