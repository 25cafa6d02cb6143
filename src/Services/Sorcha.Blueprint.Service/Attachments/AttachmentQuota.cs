using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Attachments;

/// <summary>
/// Limits:Attachments:QuotaBytes: the sealed attachment bytes one caller (the token's subject) has committed. A step
/// reserves its bytes before it is signed, checked in the same script, and gives them back when its transaction is
/// certainly not committed; registers keep what is committed for good, so nothing else frees it. A process that dies
/// between reserving and committing keeps the reservation: the quota errs towards refusing, never past its limit.
/// </summary>
public sealed class AttachmentQuota(IConnectionMultiplexer redis, IOptions<LimitsOptions> limits)
{
    /// <summary>KEYS charged; ARGV bytes, quota (0: none) → 1 reserved, 0 over the quota.</summary>
    private const string ReserveScript = """
        local bytes = tonumber(ARGV[1])
        if tonumber(ARGV[2]) > 0 and tonumber(redis.call('GET', KEYS[1]) or '0') + bytes > tonumber(ARGV[2]) then return 0 end
        redis.call('INCRBY', KEYS[1], bytes)
        return 1
        """;

    /// <summary>KEYS charged; ARGV bytes: never below 0.</summary>
    private const string RefundScript = """
        local left = tonumber(redis.call('GET', KEYS[1]) or '0') - tonumber(ARGV[1])
        if left > 0 then redis.call('SET', KEYS[1], left) else redis.call('DEL', KEYS[1]) end
        return left
        """;

    private IDatabase Db => redis.GetDatabase();

    /// <summary>Reserves <paramref name="bytes"/> for <paramref name="caller"/>, or throws the quota's 409.</summary>
    public async Task ReserveAsync(string caller, long bytes)
    {
        if (bytes == 0)
        {
            return;
        }

        var quota = Quota.AttachmentBytes(limits.Value);
        if ((long)await Db.ScriptEvaluateAsync(ReserveScript, [AttachmentKeys.Charged(caller)], [bytes, quota.Limit]) == 0)
        {
            throw ProblemException.Of(quota.Refusal("Your committed attachments would pass the bytes one caller may keep",
                "Registers keep them for good; ask an operator."));
        }
    }

    public async Task RefundAsync(string caller, long bytes)
    {
        if (bytes > 0)
        {
            await Db.ScriptEvaluateAsync(RefundScript, [AttachmentKeys.Charged(caller)], [bytes]);
        }
    }

    /// <summary>What <paramref name="caller"/> is charged now (for tests and operators).</summary>
    public async Task<long> ChargedAsync(string caller) => (long?)await Db.StringGetAsync(AttachmentKeys.Charged(caller)) ?? 0;
}
