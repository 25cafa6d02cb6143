using Sorcha.Contracts.Instances;

namespace Sorcha.Client;

/// <summary>Readings of an instance that the wire leaves implicit.</summary>
public static class InstanceDtoExtensions
{
    /// <summary>No next action: the instance ended (completed or rejected; <see cref="InstanceDto.State"/> says which).</summary>
    public static bool IsComplete(this InstanceDto instance) => instance.NextActionId is null;
}
