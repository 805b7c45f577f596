import { z } from 'zod';
import { COMPANY_CATEGORIES } from '@/db/schema/enums';
import {
  addressInput,
  addressResponse,
  customFields,
  importIdQuery,
  longText,
  name,
  namedReference,
  nameSearch,
  paginationQuery,
  recordResponse,
  relationId,
  shortText,
  urlText,
  userReference,
  writeBodies,
} from './common';

/** How many industries one company may carry; far above real use, it bounds the request. */
export const MAX_INDUSTRIES = 100;

const fields = {
  name,
  description: longText.nullable(),
  phone: shortText.nullable(),
  website: urlText.nullable(),
  category: z.enum(COMPANY_CATEGORIES).nullable(),
  address: addressInput.nullable(),
  industry_ids: z.array(relationId).max(MAX_INDUSTRIES).nullable().meta({ description: 'Ids of industries; replaces the whole set (null or [] clears it).' }),
  custom_fields: customFields.nullable().meta({ description: 'Free-form object; replaced as a whole; null resets it to {}.' }),
};

/** The POST body under `company` (`name` is required) and the PATCH body (any subset; null clears a nullable field). */
export const { create: companyCreate, update: companyUpdate } = writeBodies('Company', fields, { name: true });
export type CompanyCreate = z.output<typeof companyCreate>;
export type CompanyUpdate = z.output<typeof companyUpdate>;

export const companyListQuery = paginationQuery.extend({
  category: z.enum(COMPANY_CATEGORIES).optional(),
  import_id: importIdQuery('Companies an import created.'),
  q: nameSearch,
});
export type CompanyListQuery = z.output<typeof companyListQuery>;

export const companyResponse = recordResponse('Company', {
  name: z.string(),
  description: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  category: z.enum(COMPANY_CATEGORIES).nullable(),
  address: addressResponse,
  created_by: userReference.nullable(),
  import: namedReference.nullable(),
  industries: z.array(namedReference).meta({ description: 'Ordered by name.' }),
  custom_fields: z.record(z.string(), z.unknown()),
  aliases: z
    .array(z.string())
    .meta({ description: 'Other names, emails and web domains it is known by: those of the records merged into it (docs/merge.md); imports match them.' }),
});
export type CompanyResponse = z.output<typeof companyResponse>;
