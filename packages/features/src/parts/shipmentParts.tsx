import { shipment, shipmentStages, stageFieldNames } from '@lms/domain';
import {
  FieldControl,
  type FormPartProps,
  FormSection,
  type RecordPartProps,
  useEntityMutations,
} from '@lms/entity-pages';
import styled from 'styled-components';
import { StageTaps } from '../shipmentPlanning/StageTaps.tsx';
import { PrintRecord } from './PrintMenu.tsx';

/** Shipment: the plan/actual date and time of each stage grouped as one row per stage. */

const fieldByName = new Map(shipment.fields.map((field) => [field.name, field]));

export function ShipmentStages({ mode }: FormPartProps) {
  return (
    <FormSection>
      <legend>เวลาตามแผนและเวลาจริงของแต่ละขั้นตอน</legend>
      {shipmentStages.map(({ key, label }) => {
        const names = stageFieldNames(key);
        return (
          <Stage key={key} role="group" aria-label={label}>
            <h3>{label}</h3>
            <Pairs>
              {[names.planDate, names.planTime, names.actDate, names.actTime].map((name) => {
                const field = fieldByName.get(name);
                return field ? <FieldControl key={name} field={field} readOnly={mode === 'show'} /> : null;
              })}
            </Pairs>
          </Stage>
        );
      })}
    </FormSection>
  );
}

/**
 * The detail page prints the trip sheet (docs/documents.md) and records actual stage times with
 * one tap each (offline taps wait on the phone).
 */
export function ShipmentActions({ entity, record }: RecordPartProps) {
  const { revalidate } = useEntityMutations(entity);
  return (
    <>
      <PrintRecord entity={entity} record={record} />
      <StageTaps record={record} onRecorded={() => void revalidate()} />
    </>
  );
}

const Stage = styled.section`
  padding: ${({ theme }) => theme.space[2]} 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  & > h3 { margin: 0 0 ${({ theme }) => theme.space[2]}; font-size: ${({ theme }) => theme.font.size.md}; }
`;

const Pairs = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;
