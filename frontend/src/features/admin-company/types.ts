export type { Company, LegalPage, LegalSlug } from '@/lib/api-types';

