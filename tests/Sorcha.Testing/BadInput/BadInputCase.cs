namespace Sorcha.Testing.BadInput;

/// <summary>Who a case claims to be: the resources' owner, another caller, or a token that must not be accepted.</summary>
public enum Caller
{
    Owner,
    Foreign,
    Anonymous,
    Garbage,
    OtherSecret,
    Expired,
    WrongAudience,
    WrongIssuer,
    AlgNone,
    NoSubject,
    BasicScheme,
}

/// <summary>
/// One bad request and what it may be answered with. <see cref="Path"/> and the body may name resources as
/// <c>{wallet}</c>, <c>{register}</c> …, filled in when the case runs (see <see cref="Resources"/>).
/// </summary>
public sealed record BadInputCase(string Name, HttpMethod Method, string Path, int[] Expected)
{
    public Func<Resources, HttpContent?>? Body { get; init; }

    public Caller Caller { get; init; } = Caller.Owner;

    /// <summary>Straight to this service (by its AppHost name) instead of through the gateway.</summary>
    public string? Service { get; init; }

    /// <summary>The batch contract: 200 whose every item result is a 4xx problem (nothing committed).</summary>
    public bool BatchItems { get; init; }

    /// <summary>
    /// A refused token sent through the entry point: the gateway's own check, so it stays with the cross-process suite;
    /// a service's own token check is the same case sent straight to it (<see cref="Service"/>).
    /// </summary>
    public bool IsGatewayTokenCase => Caller is not (Caller.Owner or Caller.Foreign) && Service is null;

    public override string ToString() => Name;
}
