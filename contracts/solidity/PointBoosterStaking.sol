// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

/// @title Point-booster staking
/// @notice Players stake a token; the booster (in basis points) their points earn comes from the
/// highest tier whose minimum stake they hold. The owner (two-step transfer, never renounced) sets the
/// tiers, the lock period and the paused flag; every setter emits the old and the new value. In prd the
/// owner is a multisig behind a TimelockController (docs/staking.md).
contract PointBoosterStaking is Ownable2Step, Pausable {
    using SafeERC20 for IERC20;

    struct Tier {
        uint256 minStake;
        uint32 boosterBps;
    }

    struct Stake {
        uint256 amount;
        uint64 lockedUntil;
    }

    uint256 public constant MAX_TIERS = 10;
    uint32 public constant MAX_BOOSTER_BPS = 100_000; // 10x
    uint64 public constant MAX_LOCK_PERIOD = 365 days;

    IERC20 public immutable stakingToken;
    uint64 public lockPeriod;
    uint256 public totalStaked;
    Tier[] private _tiers;
    mapping(address account => Stake) private _stakes;

    event TiersUpdated(Tier[] oldTiers, Tier[] newTiers);
    event LockPeriodUpdated(uint64 oldLockPeriod, uint64 newLockPeriod);
    event Staked(address indexed account, uint256 amount, uint64 lockedUntil);
    event Unstaked(address indexed account, uint256 amount);

    error TooManyTiers(uint256 count, uint256 max);
    error TierMinStakeNotAscending(uint256 index);
    error TierBoosterNotAscending(uint256 index);
    error TierBoosterTooHigh(uint256 index, uint32 boosterBps, uint32 max);
    error LockPeriodTooLong(uint64 lockPeriod, uint64 max);
    error ZeroAmount();
    error StakeLocked(uint64 lockedUntil);
    error InsufficientStake(uint256 staked, uint256 requested);
    error OwnershipCannotBeRenounced();

    constructor(address initialOwner, IERC20 token, uint64 initialLockPeriod, Tier[] memory initialTiers)
        Ownable(initialOwner)
    {
        stakingToken = token;
        _setLockPeriod(initialLockPeriod);
        _setTiers(initialTiers);
    }

    // ---- reads

    function tiers() external view returns (Tier[] memory) {
        return _tiers;
    }

    function stakeOf(address account) external view returns (Stake memory) {
        return _stakes[account];
    }

    /// @notice Booster in basis points for an account's current stake (0 below the first tier).
    function boosterOf(address account) external view returns (uint32 boosterBps) {
        uint256 amount = _stakes[account].amount;
        for (uint256 i = 0; i < _tiers.length && _tiers[i].minStake <= amount; i++) {
            boosterBps = _tiers[i].boosterBps;
        }
    }

    // ---- players

    function stake(uint256 amount) external whenNotPaused {
        if (amount == 0) revert ZeroAmount();
        Stake storage s = _stakes[msg.sender];
        s.amount += amount;
        s.lockedUntil = uint64(block.timestamp) + lockPeriod;
        totalStaked += amount;
        stakingToken.safeTransferFrom(msg.sender, address(this), amount);
        emit Staked(msg.sender, amount, s.lockedUntil);
    }

    /// @dev Allowed while paused, so that a pause never traps funds.
    function unstake(uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        Stake storage s = _stakes[msg.sender];
        if (block.timestamp < s.lockedUntil) revert StakeLocked(s.lockedUntil);
        if (s.amount < amount) revert InsufficientStake(s.amount, amount);
        s.amount -= amount;
        totalStaked -= amount;
        stakingToken.safeTransfer(msg.sender, amount);
        emit Unstaked(msg.sender, amount);
    }

    // ---- owner

    function setTiers(Tier[] calldata newTiers) external onlyOwner {
        _setTiers(newTiers);
    }

    function setLockPeriod(uint64 newLockPeriod) external onlyOwner {
        _setLockPeriod(newLockPeriod);
    }

    /// @notice Refused, always: without an owner the tiers, the lock period and the pause could never
    /// change again (a pause in an incident included). Ownership moves only to a new owner, in two
    /// steps (transferOwnership, then acceptOwnership by the new owner).
    function renounceOwnership() public pure override {
        revert OwnershipCannotBeRenounced();
    }

    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }

    function _setTiers(Tier[] memory newTiers) private {
        if (newTiers.length > MAX_TIERS) revert TooManyTiers(newTiers.length, MAX_TIERS);
        for (uint256 i = 0; i < newTiers.length; i++) {
            if (newTiers[i].boosterBps > MAX_BOOSTER_BPS) {
                revert TierBoosterTooHigh(i, newTiers[i].boosterBps, MAX_BOOSTER_BPS);
            }
            if (i > 0 && newTiers[i].minStake <= newTiers[i - 1].minStake) revert TierMinStakeNotAscending(i);
            if (i > 0 && newTiers[i].boosterBps <= newTiers[i - 1].boosterBps) revert TierBoosterNotAscending(i);
        }
        Tier[] memory oldTiers = _tiers;
        delete _tiers;
        for (uint256 i = 0; i < newTiers.length; i++) {
            _tiers.push(newTiers[i]);
        }
        emit TiersUpdated(oldTiers, newTiers);
    }

    function _setLockPeriod(uint64 newLockPeriod) private {
        if (newLockPeriod > MAX_LOCK_PERIOD) revert LockPeriodTooLong(newLockPeriod, MAX_LOCK_PERIOD);
        emit LockPeriodUpdated(lockPeriod, newLockPeriod);
        lockPeriod = newLockPeriod;
    }
}
