import { findProduct, type Product } from '../../domain/billing/Product';
import { boundWorkspaceOf, type Credential } from '../../domain/credential/Credential';
import { requireUserScope, userScopes } from '../../domain/credential/UserAccess';
import { notFound, validationError } from '../../domain/shared/DomainError';
import { type UserRepository } from '../../domain/user/UserRepository';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { type AuthorizeWorkspace } from '../auth/AuthorizeWorkspace';
import { type Clock } from '../ports/Clock';
import { type BillingAccounts } from '../ports/billing/BillingAccounts';
import { type PaymentProvider } from '../ports/billing/PaymentProvider';

export interface CheckoutSettings {
  readonly products: readonly Product[];
  readonly successUrl: string;
  readonly cancelUrl: string;
}

/**
 * `POST /v1/transcriptions/checkout`: billing:write among the person's own scopes, the
 * provider's customer created once and remembered, and for a workspace product billing:write
 * in that workspace too (docs/decisions.md, "The account surface").
 */
export class StartCheckout {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly accounts: BillingAccounts,
    private readonly users: UserRepository,
    private readonly memberships: MembershipRepository,
    private readonly authorizeWorkspace: AuthorizeWorkspace,
    private readonly clock: Clock,
    private readonly settings: CheckoutSettings,
  ) {}

  async execute(credential: Credential, input: { productId: string; workspaceId?: string }): Promise<{ checkoutUrl: string }> {
    const roles = new Map((await this.memberships.listByUser(credential.userId)).map((m) => [m.workspaceId, m.role]));
    requireUserScope(userScopes(credential, roles), 'billing:write');
    const product = findProduct(this.settings.products, input.productId);
    if (product === null) {
      const known = this.settings.products.map((p) => p.id).join(', ');
      throw validationError('unknown_product', [{ path: 'productId', message: `no product "${input.productId}"; the products are ${known}` }]);
    }
    const metadata: Record<string, string> = { userId: credential.userId, productId: product.id };
    if (product.kind === 'workspace') metadata.workspaceId = await this.payingWorkspace(credential, input.workspaceId);
    const customer = await this.customerOf(credential.userId);
    const checkoutUrl = await this.provider.createCheckout({
      customer,
      product,
      successUrl: this.settings.successUrl,
      cancelUrl: this.settings.cancelUrl,
      metadata,
    });
    return { checkoutUrl };
  }

  /** The body's `workspaceId`, else the credential's own workspace; billing:write there (a bound credential names no other). */
  private async payingWorkspace(credential: Credential, requested: string | undefined): Promise<string> {
    const workspaceId = requested ?? boundWorkspaceOf(credential) ?? undefined;
    if (workspaceId === undefined) {
      throw validationError('workspace_required', [{ path: 'workspaceId', message: 'a workspace product needs the workspace it pays for' }]);
    }
    await this.authorizeWorkspace.execute(credential, workspaceId, 'billing:write');
    return workspaceId;
  }

  private async customerOf(userId: string): Promise<string> {
    const account = await this.accounts.find(userId);
    if (account?.customerId) return account.customerId;
    const user = await this.users.findById(userId);
    if (user === null) throw notFound('User');
    const customerId = await this.provider.ensureCustomer({ id: userId, email: user.email });
    await this.accounts.save({ userId, customerId, subscription: account?.subscription ?? null, updatedAt: this.clock.now() });
    return customerId;
  }
}
