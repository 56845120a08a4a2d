DROP TABLE change_versions;
