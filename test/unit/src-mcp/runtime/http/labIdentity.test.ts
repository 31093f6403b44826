// Claims of the identity providers the README names, mapped onto a lab identity: Keycloak's
// `azp` and nested realm roles, Microsoft Entra ID's `scp` and `appid` (v1 tokens), RFC 9068's
// `client_id` and `scope`.
import { describe, expect, it } from 'vitest';
import { actorLabel, identityFromClaims, roleRuleFrom, type VerifiedClaims } from '../../../../../src-mcp/runtime/http/auth/labIdentity.js';

const base: VerifiedClaims = { iss: 'https://idp.lab.example', sub: 'u-17', exp: 2_000_000_000 };

describe('identityFromClaims', () => {
  it('reads RFC 9068 claims: client_id, scope (unknown values ignored), name', () => {
    const identity = identityFromClaims({ ...base, client_id: 'cursor', scope: 'openid research:read profile checkpoints:decide', name: 'Ada Lovelace' }, roleRuleFrom({}));
    expect(identity.clientId).toBe('cursor');
    expect(identity.grant).toEqual({ scopes: ['research:read', 'checkpoints:decide'], isPrincipalInvestigator: false });
    expect(actorLabel(identity)).toBe('Ada Lovelace via cursor (https://idp.lab.example#u-17)');
  });

  it('reads Keycloak: azp, preferred_username, realm roles through COSCI_ROLE_CLAIM=realm_access.roles', () => {
    const claims = { ...base, azp: 'claude-code', preferred_username: 'pat', scope: 'research:write', realm_access: { roles: ['offline_access', 'cosci-pi'] } };
    expect(identityFromClaims(claims, roleRuleFrom({})).grant).toMatchObject({ isPrincipalInvestigator: false });
    const identity = identityFromClaims(claims, roleRuleFrom({ COSCI_ROLE_CLAIM: 'realm_access.roles' }));
    expect(identity).toMatchObject({ clientId: 'claude-code', displayName: 'pat', grant: { scopes: ['research:write'], isPrincipalInvestigator: true } });
  });

  it('reads Microsoft Entra ID v1: appid, scp, roles (the default claim), a custom PI role', () => {
    const claims = { ...base, appid: '5b1c-app', scp: 'research:read knowledge:read', roles: ['Lab.PI'], email: 'pat@lab.example' };
    const identity = identityFromClaims(claims, roleRuleFrom({ COSCI_PI_ROLE: 'Lab.PI' }));
    expect(identity).toMatchObject({ clientId: '5b1c-app', displayName: 'pat@lab.example', grant: { scopes: ['research:read', 'knowledge:read'], isPrincipalInvestigator: true } });
  });

  it('never makes a PI of a token without the role, whatever its scopes', () => {
    const identity = identityFromClaims({ ...base, client_id: 'x', scope: 'admin checkpoints:decide', roles: 'cosci-student' }, roleRuleFrom({}));
    expect(identity.grant).toMatchObject({ isPrincipalInvestigator: false });
    expect(identity.displayName).toBe('u-17');
  });
});
