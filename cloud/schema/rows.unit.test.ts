import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ChallengeMetric, MemberStatus } from '../../src/domain/challenges';
import type { LoggedExercise } from '../../src/domain/strength';
import type { CloudObject, ParseFile, ParseUser } from '../parse';
import type { activityClass } from './activity';
import { challengeClass, type challengeMemberClass } from './challenge';
import { asRow, type AttributesOf, type RowOf } from './rows';
import type { userClass } from './user';

// The types are the point: `npm run typecheck` checks these, vitest runs the one assertion at run time.
describe('rows typed by the schema', () => {
  it('reads a required field as its type, a field not required as possibly absent', () => {
    type Challenge = AttributesOf<typeof challengeClass>;
    expectTypeOf<Challenge['startsAt']>().toEqualTypeOf<Date>();
    expectTypeOf<Challenge['title']>().toEqualTypeOf<string>();
    expectTypeOf<Challenge['creatorName']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Challenge['announced']>().toEqualTypeOf<number | undefined>();
  });

  it('narrows a field to what the contract says it holds', () => {
    expectTypeOf<AttributesOf<typeof challengeClass>['metric']>().toEqualTypeOf<ChallengeMetric>();
    expectTypeOf<AttributesOf<typeof challengeMemberClass>['status']>().toEqualTypeOf<MemberStatus>();
    expectTypeOf<AttributesOf<typeof activityClass>['exercises']>().toEqualTypeOf<
      LoggedExercise[] | undefined
    >();
  });

  it('types a pointer as the row of the class it points at, a person as a user', () => {
    type Member = AttributesOf<typeof challengeMemberClass>;
    expectTypeOf<Member['challenge']>().toEqualTypeOf<RowOf<typeof challengeClass>>();
    expectTypeOf<Member['user']>().toEqualTypeOf<ParseUser>();
    expectTypeOf<AttributesOf<typeof userClass>['avatar']>().toEqualTypeOf<ParseFile | undefined>();
  });

  it('knows no field the schema does not declare', () => {
    expectTypeOf<keyof AttributesOf<typeof challengeMemberClass>>().toEqualTypeOf<
      'challenge' | 'user' | 'status' | 'respondedAt'
    >();
  });

  it('refuses to read a row of one class as another’s', () => {
    const meal = { className: 'Meal' } as CloudObject;
    expect(() => asRow(challengeClass, meal)).toThrow('A Meal row was read as a Challenge row.');
  });
});
