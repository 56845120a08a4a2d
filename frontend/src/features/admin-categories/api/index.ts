import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAdminWrite } from '@/lib/admin-write';
import { api, type Envelope } from '@/lib/api';
import type { AdminCategory, CategoryFormValues } from '../types';

/** Under 'me' so that the cache goes with the session. */
export const adminCategoryKeys = {
  all: ['me', 'admin', 'categories'] as const,
};

export async function fetchAdminCategories(): Promise<AdminCategory[]> {
  const body = await api.get<Envelope<AdminCategory[]>>('/categories');
  return Array.isArray(body?.data) ? body.data : [];
}

export const adminCategoriesQuery = () =>
  queryOptions({ queryKey: adminCategoryKeys.all, queryFn: fetchAdminCategories, staleTime: 0 });

export function useAdminCategories() {
  return useQuery(adminCategoriesQuery());
}

export function categoryFormData(values: CategoryFormValues, editing: boolean): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('description', values.description.trim());
  form.append('parentId', values.parentId);
  form.append('hsnCode', values.hsnCode.trim());
  if (values.file) form.append('media', values.file, values.file.name);
  if (editing) form.append('deletedUploadIds', JSON.stringify(values.deletedUploadIds));
  return form;
}

export async function saveCategory(input: { id?: string; values: CategoryFormValues }): Promise<Envelope<AdminCategory>> {
  const form = categoryFormData(input.values, Boolean(input.id));
  return input.id
    ? api.put<Envelope<AdminCategory>>(`/categories/${encodeURIComponent(input.id)}`, form)
    : api.post<Envelope<AdminCategory>>('/categories', form);
}

export async function deleteCategory(id: string): Promise<Envelope<{ id: string; name: string }>> {
  return api.delete<Envelope<{ id: string; name: string }>>(`/categories/${encodeURIComponent(id)}`);
}

/** Mutations refresh the admin list; `onChanged` lets the caller refresh other views (the storefront). */
export function useSaveCategory(onChanged?: () => void) {
  return useAdminWrite(saveCategory, adminCategoryKeys.all, onChanged);
}

export function useDeleteCategory(onChanged?: () => void) {
  return useAdminWrite(deleteCategory, adminCategoryKeys.all, onChanged);
}
