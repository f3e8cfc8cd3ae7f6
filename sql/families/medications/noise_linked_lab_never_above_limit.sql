-- Query noise: another lab clinically linked to this medication (the same linked pairs as the binding; insulin →
-- potassium, glucose, anion gap; vancomycin → white cells, C-reactive protein; ...), named with its own upper
-- reference limit and unit, that was drawn in this admission but never reached that limit, nor did an item a
-- reader would take for it (whole-blood potassium, blood-gas glucose, high-sensitivity CRP; results filed without the
-- admission but drawn during it count): the threshold is never
-- crossed, so there is no "after" (every result stays strictly below it, so an "at or above" reading finds none)
--   linked     (lab, medication pattern) pairs (fragments/linked_lab_drug_pairs.sql, as the binding)
--   siblings   items a careful reader counts as the same lab
--   lab_info   each lab's display label, threshold (upper reference limit) and unit, as the binding states them
--   adm_labs   the admission's results, with those filed without an admission but drawn during this one
--   adm_top    per linked lab: the highest result of it and its siblings, and whether it was drawn and filed
-- include: fragments/linked_lab_candidates.sql
  AND li.itemid IN (SELECT t.itemid FROM adm_top t JOIN lab_info i ON i.itemid = t.itemid
                    WHERE t.drawn = 1 AND (t.top IS NULL OR t.top < i.threshold))
