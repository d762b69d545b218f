import { Button, TextField, wrappingList } from '@lms/design-system';
import {
  entityApi,
  entityByName,
  isThaiPostcode,
  messagesOfError,
  type PostcodePlace,
  placesOfPostcode,
  postcodeDigits,
  postcodePlaceLabel,
  postcodeProblem,
} from '@lms/domain';
import { useState } from 'react';
import { useForm } from 'react-final-form';
import styled from 'styled-components';
import useSWR from 'swr';
import { useApi } from '../api/ApiContext.tsx';
import { call } from '../api/call.ts';
import type { EntityRecord } from '../data/entityKeys.ts';

export const postcodeText = {
  label: 'รหัสไปรษณีย์',
  hint: 'พิมพ์รหัสไปรษณีย์ 5 หลัก แล้วเลือกตำบล/แขวง อำเภอและจังหวัดจะเติมให้',
  choices: (code: string) => `ตำบล/แขวงของรหัสไปรษณีย์ ${code}`,
  loading: 'กำลังค้นหาตำบล/แขวง…',
  none: (code: string) => `ไม่พบตำบล/แขวงที่ใช้รหัสไปรษณีย์ ${code}`,
} as const;

/** A sub-district row of the generic list as the postcode offers it. */
function placeOf(row: EntityRecord): PostcodePlace {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: row.id,
    postcode: text(row.postcode),
    subDistrict: text(row.nameTh),
    districtId: text(row.districtId) || null,
    district: text(row.districtLabel),
    provinceId: text(row.provinceId) || null,
    province: text(row.provinceLabel),
  };
}

/**
 * Address entry by postcode first (issue 22 item 8), above a sub-district picker: typing 10110
 * offers its sub-districts (`GET /subDistrict?postcodeEq=`); picking one sets the sub-district
 * and, where the form has them, its district and province. The picker stays for a name search.
 */
export function PostcodeLookup({ name }: { readonly name: string }) {
  const api = useApi();
  const form = useForm();
  const [typed, setTyped] = useState('');
  const code = postcodeDigits(typed);
  const lookup = useSWR(
    isThaiPostcode(code) ? ['postcode', code] : null,
    () => call(api, entityApi(entityByName('subDistrict')).list, { query: { postcodeEq: code, size: 50 } }),
    { revalidateOnFocus: false },
  );
  const places = placesOfPostcode(((lookup.data?.items ?? []) as readonly EntityRecord[]).map(placeOf), code);
  const chosen = form.getFieldState(name)?.value;
  const fields = form.getRegisteredFields();
  const pick = (place: PostcodePlace) => {
    form.batch(() => {
      // The form's own prefix (a child row's `lines[0].`) is kept for its district and province.
      const prefix = name.slice(0, name.length - 'subDistrictId'.length);
      form.change(name, place.id);
      if (fields.includes(`${prefix}districtId`)) form.change(`${prefix}districtId`, place.districtId);
      if (fields.includes(`${prefix}provinceId`)) form.change(`${prefix}provinceId`, place.provinceId);
    });
  };
  const problem =
    postcodeProblem(typed) ??
    (lookup.error ? messagesOfError(lookup.error).join('\n') : undefined) ??
    (lookup.data && places.length === 0 ? postcodeText.none(code) : undefined);
  return (
    <Lookup>
      <TextField
        label={postcodeText.label}
        value={typed}
        onChange={(next) => setTyped(postcodeDigits(next))}
        description={postcodeText.hint}
        maxLength={5}
        autoComplete="postal-code"
        {...(problem ? { error: problem, touched: true } : {})}
      />
      {lookup.isLoading && <p role="status">{postcodeText.loading}</p>}
      {places.length > 0 && (
        <Choices aria-label={postcodeText.choices(code)}>
          {places.map((place) => (
            <li key={place.id}>
              <Button
                size="sm"
                variant={place.id === chosen ? 'primary' : 'secondary'}
                aria-pressed={place.id === chosen}
                onPress={() => pick(place)}
              >
                {postcodePlaceLabel(place)}
              </Button>
            </li>
          ))}
        </Choices>
      )}
    </Lookup>
  );
}

const Lookup = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  & p { margin: 0; }
`;

const Choices = styled.ul`
  ${wrappingList}
  & button { text-align: left; height: auto; min-height: 32px; white-space: normal; }
`;

/** The postcode above the sub-district picker, as one cell of the form's grid. */
export const PostcodeGroup = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;
