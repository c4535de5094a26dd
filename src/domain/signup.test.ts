import { describe, expect, it } from 'vitest';
import { invitationLink, isAdmin, isSignupMode, mayInvite, type SignupRules } from './signup';

const inviteOnly: SignupRules = { mode: 'invite', adminUsernames: ['maria'], invitesByUsers: false };

describe('sign-up rules', () => {
  it('knows the three modes and nothing else', () => {
    expect(['open', 'invite', 'closed'].every(isSignupMode)).toBe(true);
    expect(isSignupMode('Invite')).toBe(false);
    expect(isSignupMode(undefined)).toBe(false);
  });

  it('makes admins only of the usernames the operator listed, exactly as written', () => {
    expect(isAdmin(inviteOnly, 'maria')).toBe(true);
    expect(isAdmin(inviteOnly, 'Maria')).toBe(false);
    expect(isAdmin(inviteOnly, undefined)).toBe(false);
  });

  it('lets admins invite on an invite-only server, everyone when allowed, and nobody elsewhere', () => {
    expect(mayInvite(inviteOnly, 'maria')).toBe(true);
    expect(mayInvite(inviteOnly, 'jo')).toBe(false);
    expect(mayInvite({ ...inviteOnly, invitesByUsers: true }, 'jo')).toBe(true);
    expect(mayInvite({ ...inviteOnly, invitesByUsers: true }, undefined)).toBe(false);
    expect(mayInvite({ ...inviteOnly, mode: 'open' }, 'maria')).toBe(false);
    expect(mayInvite({ ...inviteOnly, mode: 'closed', invitesByUsers: true }, 'maria')).toBe(false);
  });

  it('writes the link to the sign-up page with the code', () => {
    expect(invitationLink('https://fit.example.org', 'abc_DEF-123')).toBe(
      'https://fit.example.org/signup?invitation=abc_DEF-123',
    );
  });
});
