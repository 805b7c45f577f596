import { Faker, base, en, en_US } from '@faker-js/faker';

const DAY = 86_400_000;
const MINUTE = 60_000;

export type Random = ReturnType<typeof createRandom>;

/**
 * Seeded choices and dates relative to `now`. A private Faker instance (not the shared `faker`)
 * so seeding never disturbs other code in the process and every run yields the same data.
 */
export function createRandom(at: Date, seed = 2023) {
  const now = new Date(Math.floor(at.getTime() / MINUTE) * MINUTE);
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(seed);
  const clamp = (d: Date) => (d.getTime() > now.getTime() ? new Date(now) : d);
  return {
    faker,
    now,
    int: (min: number, max: number) => faker.number.int({ min, max }),
    chance: (probability: number) => faker.datatype.boolean({ probability }),
    pick: <T>(items: readonly T[]): T => faker.helpers.arrayElement(items),
    shuffle: <T>(items: readonly T[]): T[] => faker.helpers.shuffle([...items]),
    daysAgo: (days: number) => new Date(now.getTime() - days * DAY),
    daysFromNow: (days: number) => new Date(now.getTime() + days * DAY),
    addDays: (d: Date, days: number) => new Date(d.getTime() + days * DAY),
    /** A moment between two instants, to the minute. */
    between(from: Date, to: Date): Date {
      const [a, b] = from.getTime() <= to.getTime() ? [from, to] : [to, from];
      const t = faker.number.int({ min: a.getTime(), max: b.getTime() });
      return new Date(Math.floor(t / MINUTE) * MINUTE);
    },
    /** A later `updated_at` for a record created at `createdAt`, never in the future. */
    touched(createdAt: Date): Date {
      if (faker.datatype.boolean({ probability: 0.4 })) return createdAt;
      return clamp(new Date(createdAt.getTime() + faker.number.int({ min: 1, max: 30 * 24 * 60 }) * MINUTE));
    },
    clamp,
  };
}

/** `YYYY-MM-DD` of an instant, in UTC. */
export function dateOnly(d: Date): string {
  return d.toISOString().slice(0, 10);
}
