import { describe, expect, it } from 'vitest';
import { enteredProbability, probabilitySource } from './insights';

// The odds a project is weighed by, and where they come from: shown on the Overview and the Go / no-go tab alike.
describe('the probability in use', () => {
  const stage = { name: 'Bidding', default_probability: 0.2 };
  it('is the project’s own when entered', () => {
    const p = { probability: 0.6, project_stage: stage };
    expect(enteredProbability(p)).toBe(0.6);
    expect(probabilitySource(p)).toBe('entered on the project');
  });
  it('else its stage’s default, named', () => {
    const p = { probability: null, project_stage: stage };
    expect(enteredProbability(p)).toBe(0.2);
    expect(probabilitySource(p)).toBe('the Bidding stage’s default');
  });
  it('else none', () => {
    const p = { probability: null, project_stage: { name: 'Lead', default_probability: null } };
    expect(enteredProbability(p)).toBeNull();
    expect(probabilitySource(p)).toBeNull();
  });
});
