import { describe, expect, it } from 'vitest';
import {
  appointmentsAllowed,
  BRANDS,
  documentLimitMessageKey,
  petLimitMessageKey,
  showPetUpsellButton,
} from '../src/index.ts';

describe('plan limit messages', () => {
  it('picks the pet limit message by plan', () => {
    expect(petLimitMessageKey({ is_default: true, gps_tracking: false })).toBe(
      'Free_Pet_Limit_Reached_Message',
    );
    expect(petLimitMessageKey({ is_default: false, gps_tracking: false })).toBe(
      'Basic_Pet_Limit_Reached_Message',
    );
    expect(petLimitMessageKey({ is_default: false, gps_tracking: true })).toBe(
      'Premium_Pet_Limit_Reached_Message',
    );
  });

  it('picks the document limit message by plan', () => {
    expect(documentLimitMessageKey({ gps_tracking: false })).toBe('Basic_Document_Limit_Reached_Message');
    expect(documentLimitMessageKey({ gps_tracking: true })).toBe('Premium_Document_Limit_Reached_Message');
  });

  it('shows the pet upsell button below sequence 3, never in the dog brand', () => {
    expect(showPetUpsellButton({ sequence: 2 })).toBe(true);
    expect(showPetUpsellButton({ sequence: 3 })).toBe(false);
    expect(showPetUpsellButton({ sequence: 2 }, BRANDS.primepet)).toBe(true);
    expect(showPetUpsellButton({ sequence: 3 }, BRANDS.primepet)).toBe(false);
    expect(showPetUpsellButton({ sequence: 0 }, BRANDS.hundeschutz)).toBe(false);
  });

  it('allows adding appointments only with appointments and medical allowance', () => {
    expect(appointmentsAllowed({ appointments: true, medical: true })).toBe(true);
    expect(appointmentsAllowed({ appointments: true, medical: false })).toBe(false);
    expect(appointmentsAllowed({ appointments: false, medical: true })).toBe(false);
  });
});
