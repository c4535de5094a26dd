import { createRequire } from 'node:module';

/**
 * Parse's own "Secure database password" check reads a URI only the Mongo adapter keeps, so on
 * Postgres it always fails. We run the server-configuration checks as they are and check the
 * database password ourselves with the same rule (≥ 14 characters, 3 of 4 character classes).
 */
const require = createRequire(import.meta.url);

interface CheckParams {
  title: string;
  warning: string;
  solution: string;
  check: () => void;
}
type CheckConstructor = new (params: CheckParams) => object;
type CheckGroupClass = new () => object;

const { Check } = require('parse-server/lib/Security/Check.js') as { Check: CheckConstructor };
const CheckGroup = require('parse-server/lib/Security/CheckGroup.js') as CheckGroupClass;
const CheckGroupServerConfig =
  require('parse-server/lib/Security/CheckGroups/CheckGroupServerConfig.js') as CheckGroupClass;

export function isStrongDatabasePassword(databaseUri: string): boolean {
  let password: string;
  try {
    password = decodeURIComponent(new URL(databaseUri).password);
  } catch {
    return false;
  }
  const classes = [/[A-Z]/, /[a-z]/, /\d/, /\W/].filter((pattern) => pattern.test(password)).length;
  return password.length >= 14 && classes >= 3;
}

export function securityCheckGroups(databaseUri: string): CheckGroupClass[] {
  class DatabaseChecks extends CheckGroup {
    setName() {
      return 'Database';
    }
    setChecks() {
      return [
        new Check({
          title: 'Secure database password',
          warning: 'The database password is insecure and vulnerable to brute force attacks.',
          solution:
            'Use a password of at least 14 characters mixing upper- and lowercase letters, digits and symbols.',
          check: () => {
            if (!isStrongDatabasePassword(databaseUri)) throw new Error('weak database password');
          },
        }),
      ];
    }
  }
  return [DatabaseChecks, CheckGroupServerConfig];
}
