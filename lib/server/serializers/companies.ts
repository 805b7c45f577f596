import type { CompanyRow } from '@/db/queries/companies';
import type { CompanyResponse } from '@/lib/shared/validation/companies';
import { address, base, namedRef, personRef } from './common';

/** The one Company shape (`Company` in the OpenAPI document), for every endpoint that returns companies. */
export function serializeCompany(row: CompanyRow): CompanyResponse {
  const { company } = row;
  return {
    ...base(company),
    name: company.name,
    description: company.description,
    phone: company.phone,
    website: company.website,
    category: company.category,
    address: address(company),
    created_by: personRef(row.createdBy),
    import: namedRef(row.import),
    industries: row.industries.map((i) => namedRef(i)!),
    custom_fields: company.customFields,
    aliases: row.aliases,
  };
}
