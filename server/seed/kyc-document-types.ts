import type { DocumentTypeOwner } from '@/lib/contracts/kyc-document-values'
import { EDD_DOCUMENT_TYPE_CODES } from '@/lib/contracts/risk-edd'
import type { RegistrationClass } from '@/lib/validation/registration-number-rules'
import type { Database } from '@/server/db/client'
import { deferrableMappings, kycDocumentTypes, kycRequiredDocuments } from '@/server/db/schema'

interface SeedDocumentType {
  code: string
  name: string
  description: string
  isCac: boolean
  isDeferrable: boolean
  typeOwner?: DocumentTypeOwner
  requiredFor?: RegistrationClass[]
  optionalFor?: RegistrationClass[]
  /** Required types of a class sharing a group are alternatives. */
  alternativeGroup?: string
}

const ALL_CLASSES: RegistrationClass[] = ['RC', 'BN', 'IT', 'LP', 'LLP']

/**
 * The documents matrix (docs/domain.md#kyc-documents): the Corporate Affairs Commission forms usual for each
 * registration class, plus the tax and AML documents every business provides. RC: CAC 7 or the CAC status report
 * (either shows the directors).
 */
export const KYC_DOCUMENT_TYPES: readonly SeedDocumentType[] = [
  // RC – companies
  {
    code: 'CERTIFICATE_OF_INCORPORATION',
    name: 'Certificate of Incorporation',
    description: 'Issued by the CAC when the company was incorporated.',
    isCac: true,
    isDeferrable: false,
    requiredFor: ['RC'],
  },
  {
    code: 'CAC_2',
    name: 'CAC 2 – Statement of share capital',
    description: 'Return of allotment: the share capital and who holds it.',
    isCac: true,
    isDeferrable: true,
    requiredFor: ['RC'],
  },
  {
    code: 'CAC_7',
    name: 'CAC 7 – Particulars of directors',
    description: 'The directors at registration and any changes since.',
    isCac: true,
    isDeferrable: true,
    requiredFor: ['RC'],
    alternativeGroup: 'RC_DIRECTORS',
  },
  {
    code: 'CAC_STATUS_REPORT',
    name: 'CAC status report',
    description: 'A current report from the CAC portal listing the directors and shareholders; accepted in place of CAC 7.',
    isCac: true,
    isDeferrable: true,
    requiredFor: ['RC'],
    alternativeGroup: 'RC_DIRECTORS',
  },
  {
    code: 'MEMART',
    name: 'Memorandum and Articles of Association',
    description: 'The company’s constitution as registered with the CAC.',
    isCac: true,
    isDeferrable: true,
    requiredFor: ['RC'],
  },
  {
    code: 'BOARD_RESOLUTION',
    name: 'Board resolution',
    description: 'A resolution of the board (or trustees or partners) authorising the relationship and naming the signatories.',
    isCac: false,
    isDeferrable: true,
    requiredFor: ['RC'],
    optionalFor: ['IT', 'LP', 'LLP'],
  },
  // BN – business names
  {
    code: 'BN_1',
    name: 'BN 1 – Application for registration of business name',
    description: 'The registration form naming the proprietors.',
    isCac: true,
    isDeferrable: true,
    requiredFor: ['BN'],
  },
  {
    code: 'BN_CERTIFICATE',
    name: 'Certificate of Registration of Business Name',
    description: 'Issued by the CAC when the business name was registered.',
    isCac: true,
    isDeferrable: false,
    requiredFor: ['BN'],
  },
  // IT – incorporated trustees
  {
    code: 'IT_1',
    name: 'IT 1 – Application for registration of incorporated trustees',
    description: 'The registration form naming the trustees.',
    isCac: true,
    isDeferrable: true,
    requiredFor: ['IT'],
  },
  {
    code: 'IT_CERTIFICATE',
    name: 'Certificate of Incorporation of Incorporated Trustees',
    description: 'Issued by the CAC when the trustees were incorporated.',
    isCac: true,
    isDeferrable: false,
    requiredFor: ['IT'],
  },
  {
    code: 'IT_CONSTITUTION',
    name: 'Constitution of the association',
    description: 'The constitution registered with the application.',
    isCac: true,
    isDeferrable: true,
    requiredFor: ['IT'],
  },
  // LP – limited partnerships
  {
    code: 'LP_CERTIFICATE',
    name: 'Certificate of Registration of Limited Partnership',
    description: 'Issued by the CAC when the partnership was registered.',
    isCac: true,
    isDeferrable: false,
    requiredFor: ['LP'],
  },
  {
    code: 'LP_STATEMENT',
    name: 'Limited partnership registration statement',
    description: 'The statement of particulars naming the general and limited partners.',
    isCac: true,
    isDeferrable: true,
    requiredFor: ['LP'],
  },
  // LLP – limited liability partnerships
  {
    code: 'LLP_CERTIFICATE',
    name: 'Certificate of Incorporation of Limited Liability Partnership',
    description: 'Issued by the CAC when the partnership was incorporated.',
    isCac: true,
    isDeferrable: false,
    requiredFor: ['LLP'],
  },
  {
    code: 'LLP_INCORPORATION_DOCUMENT',
    name: 'LLP incorporation document',
    description: 'The registration form naming the designated partners.',
    isCac: true,
    isDeferrable: true,
    requiredFor: ['LLP'],
  },
  // Every class
  {
    code: 'TIN_CERTIFICATE',
    name: 'TIN certificate',
    description: 'Tax identification number certificate from the FIRS.',
    isCac: false,
    isDeferrable: true,
    requiredFor: ALL_CLASSES,
  },
  {
    code: 'SCUML_CERTIFICATE',
    name: 'SCUML certificate',
    description:
      'Registration with the Special Control Unit against Money Laundering; needed by designated non-financial businesses and professions (DNFBPs).',
    isCac: false,
    isDeferrable: true,
    optionalFor: ALL_CLASSES,
  },
  // About a shareholder rather than the business itself: the matrix row says it is required of each corporate
  // shareholder (direct or nested) of a business of that class, and it is uploaded under that shareholder.
  {
    code: 'CORPORATE_SHAREHOLDER_CERTIFICATE',
    name: 'Corporate shareholder’s certificate of incorporation',
    description: 'For each company that holds shares in the business.',
    isCac: true,
    isDeferrable: false,
    typeOwner: 'CORPORATE_SHAREHOLDER',
    requiredFor: ALL_CLASSES,
  },
  // Enhanced due diligence (docs/risk.md#enhanced-due-diligence): in no class's matrix; a HIGH business's EDD items ask
  // for them, the source of wealth under each beneficial owner's shareholder record.
  {
    code: EDD_DOCUMENT_TYPE_CODES.SOURCE_OF_FUNDS,
    name: 'Evidence of source of funds',
    description: 'Bank statements, audited accounts or contracts showing where the money the business will use comes from.',
    isCac: false,
    isDeferrable: false,
  },
  {
    code: EDD_DOCUMENT_TYPE_CODES.SOURCE_OF_WEALTH,
    name: 'Evidence of source of wealth',
    description: 'For a beneficial owner: payslips, a sale agreement, a will or statements showing how their wealth was built.',
    isCac: false,
    isDeferrable: false,
    typeOwner: 'INDIVIDUAL',
  },
]

/**
 * Reference data, seeded on every start and idempotent: inserts the types that are missing (by code or name) and,
 * for those only, their matrix rows and deferrable mapping. Types already present are left as staff configured them.
 */
export async function seedKycDocumentTypes(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(kycDocumentTypes)
      .values(
        KYC_DOCUMENT_TYPES.map((t) => ({
          code: t.code,
          name: t.name,
          description: t.description,
          isCac: t.isCac,
          isDeferrable: t.isDeferrable,
          typeOwner: t.typeOwner ?? 'COMPANY',
        })),
      )
      .onConflictDoNothing()
      .returning({ id: kycDocumentTypes.id, code: kycDocumentTypes.code })
    if (!inserted.length) return
    const idOf = new Map(inserted.map((t) => [t.code, t.id]))
    const fresh = KYC_DOCUMENT_TYPES.filter((t) => idOf.has(t.code))
    const matrix = fresh.flatMap((t) => [
      ...(t.requiredFor ?? []).map((registrationClass) => ({
        registrationClass,
        documentTypeId: idOf.get(t.code)!,
        isRequired: true,
        alternativeGroup: t.alternativeGroup ?? null,
      })),
      ...(t.optionalFor ?? []).map((registrationClass) => ({
        registrationClass,
        documentTypeId: idOf.get(t.code)!,
        isRequired: false,
        alternativeGroup: null,
      })),
    ])
    if (matrix.length) await tx.insert(kycRequiredDocuments).values(matrix).onConflictDoNothing()
    const mapping = fresh
      .filter((t) => t.isDeferrable)
      .flatMap((t) =>
        [...(t.requiredFor ?? []), ...(t.optionalFor ?? [])].map((registrationClass) => ({
          registrationClass,
          documentTypeId: idOf.get(t.code)!,
        })),
      )
    if (mapping.length) await tx.insert(deferrableMappings).values(mapping).onConflictDoNothing()
  })
}
