import type { CompanyCategory, MembershipRole, UserRole, WorkScope } from '@/db/schema/enums';
import type { UserAccessColumns } from '@/db/queries/accounts';
import type { DEFAULT_STAGES, NamedLookupKey } from '@/db/queries/accounts';

// The shape of one seeded account. seedDemo turns a plan into rows; the plans themselves are
// plain data (data.ts, harbor.ts) so the names can be read and edited without touching the code.

export type StageName = (typeof DEFAULT_STAGES)[number]['name'];
export type WonStatus = 'upcoming' | 'active' | 'complete';

export interface City {
  city: string;
  state: string;
  zip: string;
  areaCode: string;
}

export interface PlanUser {
  firstName: string;
  lastName: string;
  /** Local part and domain are kept apart so a second seed can tag the address (`local+tag@domain`). */
  email: { local: string; domain: string } | 'admin';
  /** `admin` manages the account's users, API tokens and webhooks; everyone else is a member. */
  role: UserRole;
  /** The roles this user holds on the project teams they join. */
  teamRoles: { pursuit: MembershipRole[]; won: MembershipRole[] } | null;
  /** Project access and levels other than a new user's defaults (docs/permissions.md). */
  access?: UserAccessColumns;
}

export interface CompanySeed {
  name: string;
  category: CompanyCategory;
  domain: string;
  city: string;
  description: string;
  industries?: string[];
  /** Market sectors this company commissions work in (owners and clients only). */
  sectors?: string[];
  /** Part of the spreadsheet import, with its contacts. */
  imported?: boolean;
}

export interface LeadSeed {
  name: string;
  /** The owner or client by name; null for none; omitted to pick one from the sector. */
  client?: string | null;
  sector: string | null;
  scope: WorkScope;
  squareFeet: number;
  units?: number;
}

export interface ProjectSeed extends LeadSeed {
  stage: StageName;
  /** Won projects only: where today falls against the start and end dates. */
  status?: WonStatus;
  /** Lost projects only. */
  lossReason?: string;
  /** Converted from a lead, which exists archived with the same name. */
  fromLead?: boolean;
  imported?: boolean;
}

/** A market sector's closed bids of the last two years, beyond the named projects. */
export interface BidHistorySeed {
  sector: string;
  won: number;
  lost: number;
  cancelled?: number;
  didNotPursue?: number;
  /** What the sector's buildings are called: `<city> <name>`. */
  names: string[];
}

/** A firm we bid against: a company of category `competitor`, met on the sectors it builds in. */
export interface CompetitorSeed {
  name: string;
  domain: string;
  city: string;
  description: string;
  sectors: string[];
  /** How it prices against us: its bids are ours × a factor around this (0.97: 3% below us, typically). */
  pricing: number;
}

export interface EmployeeGroup {
  abbreviation: string;
  count: number;
  /** Abbreviation of the role these employees report to; omitted at the top of the tree. */
  reportsTo?: string;
}

export interface AccountPlan {
  name: string;
  projectNumberPrefix: string;
  users: PlanUser[];
  lookups: Record<NamedLookupKey, string[]>;
  workforceRoles: { name: string; abbreviation: string }[];
  importName: string | null;
  /** Division of a record from its market sector; `*` is the fallback. */
  divisionBySector: Record<string, string>;
  /** The first cities are local (project sites); the rest are where out-of-town firms sit. */
  cities: City[];
  localCityCount: number;
  companies: CompanySeed[];
  contactTitles: Record<CompanyCategory, string[]>;
  leads: LeadSeed[];
  projects: ProjectSeed[];
  /** Older closed bids (db/seed/account.ts, seedBidHistory): the record win rates and learned odds read. */
  bidHistory?: BidHistorySeed[];
  /** Who bid against us on the closed projects (db/seed/account.ts, seedCompetitors): the competitors insight and the price to win read them. */
  competitors?: CompetitorSeed[];
  generalTaskCount: number;
  projectTaskCount: number;
  callCount: number;
  /** Tree levels, top first: every group's manager is in an earlier level. */
  employees: EmployeeGroup[][];
  employeeDomain: string;
}
