-- Fragment: the Charlson comorbidity index as one expression over the flags of fragments/charlson_flags.sql (CTE
-- com) and the age score (CTE ag): the MIMIC community's weights, with liver disease, diabetes and cancer counted at
-- their most severe weight. Ends with `AS charlson_comorbidity_index`; the including file adds FROM com JOIN ag.
  age_score + myocardial_infarct + congestive_heart_failure + peripheral_vascular_disease + cerebrovascular_disease + dementia + chronic_pulmonary_disease + rheumatic_disease + peptic_ulcer_disease + CASE
    WHEN mild_liver_disease IS NULL OR (
      3 * severe_liver_disease
    ) IS NULL
    THEN NULL
    ELSE GREATEST(mild_liver_disease, 3 * severe_liver_disease)
  END + CASE
    WHEN (
      2 * diabetes_with_cc
    ) IS NULL OR diabetes_without_cc IS NULL
    THEN NULL
    ELSE GREATEST(2 * diabetes_with_cc, diabetes_without_cc)
  END + CASE
    WHEN (
      2 * malignant_cancer
    ) IS NULL OR (
      6 * metastatic_solid_tumor
    ) IS NULL
    THEN NULL
    ELSE GREATEST(2 * malignant_cancer, 6 * metastatic_solid_tumor)
  END + 2 * paraplegia + 2 * renal_disease + 6 * aids AS charlson_comorbidity_index
