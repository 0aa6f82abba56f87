# Sourced by the ci/ scripts that run natmpj's test suites through their mains under a launcher of their own
# (ci/test-slurm, ci/test-mpis, ci/test-multihost): the check of the result files each rank writes
# (natmpj.testkit.Cases, -Dnatmpj.test.out=DIR), the same check MultiRankIT makes under Maven.

# rank_results DIR N: DIR/rank-<r>.txt for every r < N exists, ends with DONE, has no FAIL, at least one PLAN and
# a PASS for each. Sets `rank_problems` (empty when all is well, else one clause per problem, each starting with a
# space) and `rank_cases` (the PLAN count of the last rank read). Returns 0 when there is no problem.
rank_results() {
  local dir=$1 n=$2 r f plans passes
  rank_problems= rank_cases=0
  for ((r = 0; r < n; r++)); do
    f=$dir/rank-$r.txt
    if [[ ! -f $f ]]; then
      rank_problems+=" rank $r: no result file;"
      continue
    fi
    plans=$(grep -c '^PLAN ' "$f" || true)
    passes=$(grep -c '^PASS ' "$f" || true)
    [[ $(tail -n 1 "$f") == DONE ]] || rank_problems+=" rank $r: no DONE at the end;"
    if grep -q '^FAIL ' "$f"; then rank_problems+=" rank $r: $(grep -m 3 '^FAIL ' "$f" | tr '\n' ' ');"; fi
    ((plans > 0 && plans == passes)) || rank_problems+=" rank $r: $passes PASS of $plans PLAN;"
    rank_cases=$plans
  done
  [[ -z $rank_problems ]]
}
