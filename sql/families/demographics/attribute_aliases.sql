-- gender codes spelled out
SELECT x.alias FROM (VALUES ('F', 'female'), ('F', 'woman'), ('M', 'male'), ('M', 'man')) AS x(code, alias)
WHERE {{attribute}} = 'gender' AND x.code = {{answer}}
