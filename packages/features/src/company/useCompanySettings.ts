import { type CompanySettings, companySettingsApi } from '@lms/domain';
import { type ApiError, call, operationPath, useApi } from '@lms/entity-pages';
import useSWR from 'swr';

/** The company's settings (docs/documents.md "Dates"): read by anyone signed in, saved by an administrator. */
export const companySettingsKey = operationPath(companySettingsApi.read);

export function useCompanySettings() {
  const api = useApi();
  const query = useSWR<CompanySettings, ApiError>(companySettingsKey, () =>
    call(api, companySettingsApi.read),
  );
  const save = async (body: CompanySettings) => {
    const saved = await call(api, companySettingsApi.save, { body });
    await query.mutate(saved, { revalidate: false });
    return saved;
  };
  return { ...query, save };
}
