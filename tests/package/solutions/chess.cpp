// HDU 5754 Life Winner Bo, the closed forms: dx = N-1, dy = M-1; Bo (B) moves first.
#include <cstdio>
#include <cstdlib>
#include <vector>

int main() {
    // Wythoff's P-positions (a_k, a_k + k) for a_k up to 1000, built by the mex rule.
    const int LIMIT = 1001;
    std::vector<int> partner(2 * LIMIT + 2, -1);
    std::vector<bool> used(4 * LIMIT + 4, false);
    for (int k = 0, a = 0; a < LIMIT; ++k) {
        while (used[a]) ++a;
        int b = a + k;
        used[a] = used[b] = true;
        partner[a] = b;
        if (b <= 2 * LIMIT) partner[b] = a;
    }
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        int type, n, m;
        if (scanf("%d %d %d", &type, &n, &m) != 3) return 0;
        int dx = n - 1, dy = m - 1;
        char answer = 'B';
        if (type == 1) {
            answer = (dx % 2 == 0 && dy % 2 == 0) ? 'G' : 'B';
        } else if (type == 2) {
            answer = dx == dy ? 'G' : 'B';
        } else if (type == 3) {
            answer = 'D';
            if ((dx + dy) % 3 == 0) {
                int a = (2 * dy - dx) / 3, b = (2 * dx - dy) / 3;
                if (a >= 0 && b >= 0) {
                    if (a == b) answer = 'G';
                    else if (std::abs(a - b) == 1) answer = 'B';
                }
            }
        } else {
            answer = partner[dx] == dy ? 'G' : 'B';
        }
        printf("%c\n", answer);
    }
    return 0;
}
