/**
 * The lookup lists a lead is filed under, and the project it becomes after it, in the order their
 * forms show them.
 */
export const PURSUIT_LOOKUPS = ['contract_type_id', 'delivery_method_id', 'division_id', 'lead_source_id', 'market_sector_id', 'tender_type_id'] as const;
