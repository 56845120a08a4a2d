import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { accountKeys, createAddress, deleteAddress, updateAddress } from './index';
import type { AddressInput } from '../types';

export const ADDRESS_MESSAGES = {
  account: { added: 'Address added!', updated: 'Address updated!', saveFailed: 'Save failed!' },
  checkout: { added: 'Address added successfully', updated: 'Address updated successfully', saveFailed: 'Failed to save address' },
  deleted: 'Address deleted!',
  deleteFailed: 'Delete failed!',
  defaultNotDeletable: 'Default address cannot be deleted!',
} as const;

/** Save (add or edit) and delete of addresses; a save reloads the list. */
export function useAddressMutations(flow: 'account' | 'checkout') {
  const qc = useQueryClient();
  const texts = ADDRESS_MESSAGES[flow];
  const save = useMutation({
    mutationFn: (v: { id: string | null; input: AddressInput }) =>
      v.id ? updateAddress(v.id, v.input) : createAddress(v.input),
    onSuccess: async (_addr, v) => {
      notify.success(v.id ? texts.updated : texts.added);
      await qc.invalidateQueries({ queryKey: accountKeys.addresses });
    },
    // A rule the server checks (a PIN code of another state) says what to fix.
    onError: (err) =>
      notify.error(err instanceof ApiError && err.fromServer && err.status === 422 ? err.message : texts.saveFailed),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteAddress(id),
    onSuccess: async () => {
      notify.success(ADDRESS_MESSAGES.deleted);
      await qc.invalidateQueries({ queryKey: accountKeys.addresses });
    },
    onError: (err) =>
      notify.error(
        err instanceof ApiError && err.status === 409 ? ADDRESS_MESSAGES.defaultNotDeletable : ADDRESS_MESSAGES.deleteFailed,
      ),
  });
  return { save, remove };
}
