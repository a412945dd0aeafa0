import { type DeviceAuthorizations } from '../../../../application/ports/oauth/DeviceAuthorizations';
import { type DeviceAuthorization } from '../../../../domain/oauth/DeviceAuthorization';
import { type ClientHoldings } from './MemoryOAuthClients';
import { copyOf } from './ordering';

/** Device authorizations in this process's memory: for the unit tests. */
export class MemoryDeviceAuthorizations implements DeviceAuthorizations, ClientHoldings {
  private readonly devices = new Map<string, DeviceAuthorization>();

  async save(device: DeviceAuthorization): Promise<void> {
    this.devices.set(device.id, copyOf(device));
  }

  async findByDeviceCode(deviceCodeHash: string): Promise<DeviceAuthorization | null> {
    return this.find((d) => d.deviceCodeHash === deviceCodeHash);
  }

  async findByUserCode(userCodeHash: string): Promise<DeviceAuthorization | null> {
    return this.find((d) => d.userCodeHash === userCodeHash);
  }

  async recordPoll(id: string, at: Date): Promise<void> {
    const device = this.devices.get(id);
    if (device !== undefined) this.devices.set(id, { ...device, lastPolledAt: at });
  }

  async decide(id: string, decision: DeviceAuthorization['decision'], _at: Date): Promise<boolean> {
    const device = this.devices.get(id);
    if (device?.status !== 'pending') return false;
    this.devices.set(id, { ...device, status: decision === null ? 'denied' : 'approved', decision: copyOf(decision) });
    return true;
  }

  async redeem(id: string): Promise<boolean> {
    const device = this.devices.get(id);
    if (device?.status !== 'approved') return false;
    this.devices.set(id, { ...device, status: 'redeemed' });
    return true;
  }

  async sweep(before: Date): Promise<number> {
    let removed = 0;
    for (const [id, device] of this.devices) if (device.expiresAt < before && this.devices.delete(id)) removed++;
    return removed;
  }

  forgetClient(clientId: string): void {
    for (const [id, device] of this.devices) if (device.clientId === clientId) this.devices.delete(id);
  }

  private find(match: (device: DeviceAuthorization) => boolean): DeviceAuthorization | null {
    const device = [...this.devices.values()].find(match);
    return device === undefined ? null : copyOf(device);
  }
}
