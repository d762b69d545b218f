import { Button, useSnackbar } from '@lms/design-system';
import { featureRoles, messagesOfError, privacyApi, recordLabel } from '@lms/domain';
import { callForBytes, type RecordPartProps, saveBlob, useApi, useSession } from '@lms/entity-pages';
import { privacyText as text } from './privacyText.ts';

/**
 * A data-subject request from the record's own page (docs/privacy.md): everything held about the
 * person's contact data as a JSON file. Administrators only; the server logs the export.
 */
export function ExportPersonalDataAction({ entity, record }: RecordPartProps) {
  const { user } = useSession();
  const api = useApi();
  const snackbar = useSnackbar();
  if (!user || !featureRoles.personalDataAccess.read.some((role) => user.roles.includes(role))) return null;
  const name = recordLabel(entity, record);
  const exportPerson = async () => {
    try {
      const { blob, fileName } = await callForBytes(api, privacyApi.personalData, {
        params: { entity: entity.name, id: String(record.id) },
      });
      saveBlob(blob, fileName ?? `personal-data-${record.id}.json`);
      snackbar.success(text.exported(name));
    } catch (error) {
      snackbar.error(messagesOfError(error));
    }
  };
  return <Button onPress={() => void exportPerson()}>{text.exportRecord}</Button>;
}
