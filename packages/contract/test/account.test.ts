import { describe, it, expect } from 'vitest';
import {
  addressBodySchema,
  addressFormSchema,
  addressFormToBody,
  downgradingSchema,
  modifyBodySchema,
  profileNameFormSchema,
  userIdQuerySchema,
  userInfoSchema,
  userInfoToAddressForm,
  type UserInfo,
} from '../src/entities/account.ts';
import { uiLanguageToUserLanguage, userLanguageToUi } from '../src/constants.ts';
import { issuesOf, keysAt, parseOk } from './helpers.ts';
import { product } from './fixtures.ts';

const user: UserInfo = {
  id: 'u1',
  name: 'Anna',
  image_url: null,
  email: 'anna@example.com',
  language: 'Englisch',
  stay_loggedin: true,
  product,
  product_associated: true,
  tracker_ids: [],
  stripe_subscription_end: 1_735_689_600,
  stripe_price_id: 'price_1',
  stripe_customer_id: 'cus_1',
  is_promo: false,
  is_gift: false,
  is_trial: false,
  trial_months: null,
  activation_code_type: 'single',
  downgrading: false,
  zipcode: '10115',
  phone: '030',
  address_1: 'Anna Example',
  address_2: 'Main St 1',
  city: 'Berlin',
  country: 'DE',
  pets: [{ id: 'p1', name: 'Bello', image_url: null, type: 'Dog' }],
};

describe('user info', () => {
  it('accepts a full user', () => {
    expect(parseOk(userInfoSchema, user)).toEqual(user);
  });

  it('accepts no product and a pending downgrade', () => {
    expect(issuesOf(userInfoSchema, { ...user, product: null })).toEqual([]);
    expect(issuesOf(userInfoSchema, { ...user, downgrading: { product, date: 1_735_689_600 } })).toEqual([]);
    expect(issuesOf(downgradingSchema, { product })).toEqual([]);
  });

  it('rejects true as downgrading, unknown languages and bad pets', () => {
    expect(keysAt(userInfoSchema, { ...user, downgrading: true }, 'downgrading')).toHaveLength(1);
    expect(keysAt(userInfoSchema, { ...user, language: 'de' }, 'language')).toHaveLength(1);
    expect(
      issuesOf(userInfoSchema, { ...user, pets: [{ id: 'p1', name: 'Bello', type: 'Fish' }] }),
    ).not.toEqual([]);
  });

  it('maps languages', () => {
    expect(userLanguageToUi('English')).toBe('en');
    expect(userLanguageToUi('Englisch')).toBe('en');
    expect(userLanguageToUi('German')).toBe('de');
    expect(uiLanguageToUserLanguage('de')).toBe('German');
    expect(uiLanguageToUserLanguage('en')).toBe('English');
  });
});

describe('modify and profile', () => {
  it('modify needs at least one of name, language, stay_loggedin', () => {
    expect(issuesOf(modifyBodySchema, {})).toEqual([': Bad_Request_Text']);
    expect(issuesOf(modifyBodySchema, { stay_loggedin: false })).toEqual([]);
    expect(issuesOf(modifyBodySchema, { language: 'German' })).toEqual([]);
    expect(keysAt(modifyBodySchema, { name: 'Al' }, 'name')).toEqual(['Name_Length_Error']);
    expect(parseOk(modifyBodySchema, { name: ' Alex ' })).toEqual({ name: 'Alex' });
  });

  it('profile name is required', () => {
    expect(keysAt(profileNameFormSchema, { name: '' }, 'name')).toEqual(['Name_Error']);
    expect(issuesOf(profileNameFormSchema, { name: 'Anna' })).toEqual([]);
  });

  it('user id query', () => {
    expect(issuesOf(userIdQuerySchema, { user_id: '' })).toHaveLength(1);
    expect(issuesOf(userIdQuerySchema, { user_id: 'u1' })).toEqual([]);
  });
});

describe('address', () => {
  const form = {
    addressName: 'Anna Example',
    street: 'Main St 1',
    postalCode: '10115',
    number: '030',
    city: 'Berlin',
    country: '',
  };

  it('form accepts plain strings, country may be empty', () => {
    expect(parseOk(addressFormSchema, form)).toEqual(form);
  });

  it('maps form fields to the body names', () => {
    const body = addressFormToBody(form);
    expect(body).toEqual({
      address_1: 'Anna Example',
      address_2: 'Main St 1',
      zipcode: '10115',
      phone: '030',
      city: 'Berlin',
      country: '',
    });
    expect(issuesOf(addressBodySchema, body)).toEqual([]);
  });

  it('user info back to the form', () => {
    expect(userInfoToAddressForm(user)).toEqual({ ...form, country: 'DE' });
    expect(userInfoToAddressForm({ ...user, city: null, country: null }).city).toBe('');
    expect(addressFormToBody(userInfoToAddressForm(user))).toEqual({
      address_1: user.address_1,
      address_2: user.address_2,
      zipcode: user.zipcode,
      phone: user.phone,
      city: user.city,
      country: user.country,
    });
  });
});
