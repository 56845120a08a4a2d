-- The GST rate table (docs/INDIA.md): one rule per HSN prefix and effective date, with its
-- slabs on the value per piece before tax. The owner edits it in the back office; every
-- invoice reads the rule in force on its date from here. Seeded with the rates in force
-- since 22 September 2025 (notification 9/2025-Central Tax (Rate)).
CREATE TABLE gst_rate_rules (
    hsn_prefix TEXT NOT NULL CHECK (length(hsn_prefix) BETWEEN 2 AND 8),
    effective_from DATE NOT NULL,
    PRIMARY KEY (hsn_prefix, effective_from)
);

-- A slab applies while the value per piece before tax is at most `up_to_paise`; the last
-- slab of a rule (highest position) has no limit.
CREATE TABLE gst_rate_slabs (
    hsn_prefix TEXT NOT NULL,
    effective_from DATE NOT NULL,
    position INTEGER NOT NULL,
    up_to_paise BIGINT CHECK (up_to_paise > 0),
    rate_basis_points INTEGER NOT NULL CHECK (rate_basis_points BETWEEN 0 AND 2800),
    PRIMARY KEY (hsn_prefix, effective_from, position),
    FOREIGN KEY (hsn_prefix, effective_from) REFERENCES gst_rate_rules (hsn_prefix, effective_from)
);

INSERT INTO gst_rate_rules (hsn_prefix, effective_from) VALUES
    ('61', '2025-09-22'), ('62', '2025-09-22'), ('63', '2025-09-22'), ('64', '2025-09-22'), ('4202', '2025-09-22');
INSERT INTO gst_rate_slabs (hsn_prefix, effective_from, position, up_to_paise, rate_basis_points) VALUES
    ('61', '2025-09-22', 0, 250000, 500), ('61', '2025-09-22', 1, NULL, 1800),
    ('62', '2025-09-22', 0, 250000, 500), ('62', '2025-09-22', 1, NULL, 1800),
    ('63', '2025-09-22', 0, 250000, 500), ('63', '2025-09-22', 1, NULL, 1800),
    ('64', '2025-09-22', 0, 250000, 500), ('64', '2025-09-22', 1, NULL, 1800),
    ('4202', '2025-09-22', 0, NULL, 1800);
